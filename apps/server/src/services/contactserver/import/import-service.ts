import {
  contactImportRules,
  contactRules,
  type TContactImportField,
  type TContactImportPreview,
  type TContactImportResult,
  type TContactTagColor,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { recordAudit, type TAuditActor } from '../../../platform/audit.ts';
import type { TAuthContext } from '../../../platform/auth-context.ts';
import { AppError } from '../../../platform/errors.ts';
import { createId } from '../../../platform/ids.ts';
import type { TRateLimit } from '../../../platform/rate-limits.ts';
import { withTenant, withTenantRead } from '../../../platform/tenant-transaction.ts';
import { findUserIdsByEmail } from '../../iamserver/public.ts';
import { listCountries } from '../../master/public.ts';
import { derivedColumnsOf, emailKeyOf, taxKeyOf, unionOfLists } from '../contact-row.ts';
import * as repository from '../repository.ts';
import {
  countryLookupOf,
  guessColumns,
  mappingToRemember,
  readContactRow,
  readCsv,
  type TCsvRecord,
  type TImportedContact,
} from './contact-rows.ts';
import { decodeText } from './decode-text.ts';

// Importing contacts from a CSV: a preview to map the columns, then a dry run that tells which rows
// would be new, which would update a contact (same e-mail or tax number) and which are refused and
// why, then the same run applied in one transaction.

/** How many rows are matched and written at once. */
const batchSize = 1_000;

const importError = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', message }] });

/** Thrown to roll a dry run's transaction back with its result. */
class DryRunFinished extends Error {
  constructor(readonly result: TContactImportResult) {
    super('dry run');
  }
}

const readFile = (bytes: Buffer) => {
  if (bytes.length === 0) throw importError('The file is empty');
  const decoded = decodeText(bytes);
  if ('error' in decoded) throw importError(decoded.error);
  const read = readCsv(decoded.text);
  if ('error' in read) throw importError(read.error);
  const [header, ...rows] = read.records;
  if (!header) throw importError('The file has no lines');
  if (rows.length === 0) throw importError('The file has a header line but no contacts under it');
  if (rows.length > contactImportRules.maxRows)
    throw importError(
      `The file has ${rows.length.toLocaleString('en')} rows; split it into files of at most ${contactImportRules.maxRows.toLocaleString('en')}`,
    );
  return { encoding: decoded.encoding, headers: header.cells.map((cell) => cell.trim()), rows };
};

type TRefused = TContactImportResult['refused'][number];
type TAccepted = { line: number; cells: string[]; contact: TImportedContact };

export const contactImportMessages = {
  tooManyFiles: 'Your company has read many contact files in the last hour. Try again later.',
} as const;

export type TContactImportDependencies = {
  db: Db;
  /** Counts each file read for the company, refusing past the hourly limit. */
  fileReadsPerCompany: TRateLimit;
};

export const createContactImportService = ({ db, fileReadsPerCompany }: TContactImportDependencies) => {
  // Built on the first import rather than when the server starts.
  let countryLookup: ReturnType<typeof countryLookupOf> | undefined;
  const findCountry = (value: string) => {
    countryLookup ??= countryLookupOf(listCountries());
    return countryLookup(value);
  };

  /** Counts the file against the company's hourly reads before a byte of it is decoded. */
  const readCompanyFile = async (auth: TAuthContext, bytes: Buffer) => {
    const verdict = await fileReadsPerCompany.consume(auth.companyId);
    if (!verdict.isAllowed)
      throw new AppError('RATE_LIMITED', contactImportMessages.tooManyFiles, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    return readFile(bytes);
  };

  const preview = async (auth: TAuthContext, bytes: Buffer): Promise<TContactImportPreview> => {
    const file = await readCompanyFile(auth, bytes);
    const remembered = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findImportMapping(tx, auth.companyId),
    );
    return {
      encoding: file.encoding,
      headers: file.headers,
      sample: file.rows.slice(0, 5).map((row) => row.cells),
      rowCount: file.rows.length,
      columns: guessColumns(file.headers, remembered),
    };
  };

  /** Rows the file itself refuses: unreadable values, and a second row with an e-mail or tax number already seen. */
  const readRows = (rows: TCsvRecord[], columns: (TContactImportField | '')[]) => {
    const accepted: TAccepted[] = [];
    const refused: TRefused[] = [];
    const lineOfKey = new Map<string, number>();
    for (const { line, cells } of rows) {
      const reading = readContactRow(cells, columns, findCountry);
      if ('reason' in reading) {
        refused.push({ line, reason: reading.reason, cells });
        continue;
      }
      const keys = [
        ...reading.contact.input.emails.map((email) => `email:${emailKeyOf(email.address)}`),
        ...(taxKeyOf(reading.contact.input.taxNumber)
          ? [`tax:${taxKeyOf(reading.contact.input.taxNumber)}`]
          : []),
      ];
      const earlier = keys.map((key) => lineOfKey.get(key)).find((found) => found !== undefined);
      if (earlier !== undefined) {
        const what = keys.find((key) => lineOfKey.get(key) === earlier)?.startsWith('tax:')
          ? 'tax number'
          : 'e-mail';
        refused.push({
          line,
          reason: `The same ${what} as line ${earlier}: one of the two is a duplicate`,
          cells,
        });
        continue;
      }
      for (const key of keys) lineOfKey.set(key, line);
      accepted.push({ line, cells, contact: reading.contact });
    }
    return { accepted, refused };
  };

  /** Matches, checks what needs the database, and writes; the caller decides whether it commits. */
  const importRows = async (
    tx: Tx,
    auth: TAuthContext,
    accepted: TAccepted[],
    refused: TRefused[],
  ): Promise<Omit<TContactImportResult, 'isDryRun' | 'refused' | 'refusedCount'>> => {
    const companyId = auth.companyId;
    const tagIdByName = new Map(
      (await repository.findTagNames(tx, companyId)).map((tag) => [tag.name.toLowerCase(), tag.id] as const),
    );
    const newTagsMax = Math.min(
      contactImportRules.maxNewTags,
      Math.max(0, contactRules.companyTagsMax - tagIdByName.size),
    );
    const newTags: string[] = [];
    const ownerIdByEmail = await findUserIdsByEmail(
      tx,
      companyId,
      accepted.flatMap((row) => (row.contact.ownerEmail ? [row.contact.ownerEmail] : [])),
    );
    const organisationIdByName = await repository.findOrganisationsByName(tx, companyId, [
      ...new Set(
        accepted.flatMap((row) =>
          row.contact.organisationName ? [row.contact.organisationName.toLowerCase()] : [],
        ),
      ),
    ]);
    let created = 0;
    let updated = 0;
    /** Contacts already updated, by the line that did it: two lines never write one contact. */
    const lineThatUpdated = new Map<string, number>();

    for (let start = 0; start < accepted.length; start += batchSize) {
      const batch = accepted.slice(start, start + batchSize);
      const existing = await repository.findMatches(
        tx,
        companyId,
        [
          ...new Set(
            batch.flatMap((row) => row.contact.input.emails.map((email) => emailKeyOf(email.address))),
          ),
        ],
        [...new Set(batch.flatMap((row) => taxKeyOf(row.contact.input.taxNumber) ?? []))],
      );
      const inserts: repository.TContactInsert[] = [];
      const links: { contactId: string; tagId: string }[] = [];
      for (const row of batch) {
        const { input, organisationName, tagNames, ownerEmail } = row.contact;
        const refuse = (reason: string) => refused.push({ line: row.line, reason, cells: row.cells });
        const ownerId = ownerEmail ? ownerIdByEmail.get(ownerEmail.toLowerCase()) : null;
        if (ownerId === undefined) {
          refuse(`The owner "${ownerEmail}" is not a user of your company`);
          continue;
        }
        const organisationId = organisationName
          ? organisationIdByName.get(organisationName.toLowerCase())
          : null;
        if (organisationId === undefined) {
          refuse(`No organisation is named "${organisationName}": add it first, or on an earlier line`);
          continue;
        }
        const emailKeys = input.emails.map((email) => emailKeyOf(email.address));
        const taxKey = taxKeyOf(input.taxNumber);
        const matched = existing.filter(
          (contact) =>
            contact.emailKeys.some((key) => emailKeys.includes(key)) ||
            (taxKey !== null && contact.taxKey === taxKey),
        );
        if (matched.length > 1) {
          refuse(
            `It matches ${matched.length} contacts (${matched.map((contact) => contact.name).join(', ')}): merge them first`,
          );
          continue;
        }
        const [match] = matched;
        const earlierLine = match ? lineThatUpdated.get(match.id) : undefined;
        if (earlierLine !== undefined) {
          refuse(`It matches ${match?.name}, which line ${earlierLine} already updates`);
          continue;
        }
        if (match && match.kind !== input.kind) {
          refuse(
            `It matches ${match.name}, which is ${match.kind === 'person' ? 'a person' : 'an organisation'}`,
          );
          continue;
        }
        const tagIds: string[] = [];
        for (const name of tagNames) {
          let tagId = tagIdByName.get(name.toLowerCase());
          if (!tagId) {
            if (name.length > 40) break;
            if (newTags.length >= newTagsMax) break;
            tagId = createId();
            await repository.insertTag(tx, {
              companyId,
              id: tagId,
              name,
              color: 'blue' satisfies TContactTagColor,
            });
            tagIdByName.set(name.toLowerCase(), tagId);
            newTags.push(name);
          }
          tagIds.push(tagId);
        }
        if (tagIds.length !== tagNames.length) {
          refuse(
            newTags.length >= newTagsMax
              ? `The file names more new tags than your company may add (${newTagsMax} here: at most ${contactImportRules.maxNewTags} a file, ${contactRules.companyTagsMax} in all)`
              : 'A tag name is longer than 40 characters',
          );
          continue;
        }
        if (match) {
          const written = {
            name: input.name,
            ...unionOfLists(match, input),
            taxNumber: input.taxNumber ?? match.taxNumber,
          };
          await repository.updateContact(tx, companyId, match.id, {
            ...written,
            roles: [...new Set([...match.roles, ...input.roles])],
            ...(input.jobTitle ? { jobTitle: input.jobTitle } : {}),
            ...(input.notes ? { notes: input.notes } : {}),
            ...(ownerId ? { ownerId } : {}),
            ...(organisationId ? { organisationId } : {}),
            updatedBy: auth.userId,
            ...derivedColumnsOf(written),
          });
          links.push(...tagIds.map((tagId) => ({ contactId: match.id, tagId })));
          lineThatUpdated.set(match.id, row.line);
          updated += 1;
          continue;
        }
        const id = createId();
        const taxNumber = input.taxNumber ?? null;
        inserts.push({
          companyId,
          id,
          kind: input.kind,
          name: input.name,
          organisationId: organisationId ?? null,
          jobTitle: input.jobTitle ?? null,
          roles: input.roles,
          emails: input.emails,
          phones: input.phones,
          addresses: input.addresses,
          taxNumber,
          notes: input.notes ?? null,
          ownerId: ownerId ?? null,
          createdBy: auth.userId,
          updatedBy: auth.userId,
          ...derivedColumnsOf({ ...input, taxNumber }),
        });
        if (input.kind === 'organisation' && !organisationIdByName.has(input.name.toLowerCase()))
          organisationIdByName.set(input.name.toLowerCase(), id);
        links.push(...tagIds.map((tagId) => ({ contactId: id, tagId })));
        created += 1;
      }
      // Several hundred rows per statement: PostgreSQL takes at most 65,535 parameters in one.
      for (let at = 0; at < inserts.length; at += 500)
        await repository.insertContacts(tx, inserts.slice(at, at + 500));
      for (let at = 0; at < links.length; at += 5_000)
        await repository.linkTags(tx, companyId, links.slice(at, at + 5_000));
    }
    return { created, updated, newTags };
  };

  /** The dry run or the import itself: the same work, rolled back or committed. */
  const run = async (
    auth: TAuthContext,
    actor: TAuditActor,
    bytes: Buffer,
    {
      columns,
      isDryRun,
      fileName,
    }: { columns: (TContactImportField | '')[]; isDryRun: boolean; fileName: string },
  ): Promise<TContactImportResult> => {
    if (!columns.includes('name'))
      throw new AppError('VALIDATION_FAILED', 'Choose the column that holds the names', {
        fields: [{ field: 'columns', message: 'must map a column to name' }],
      });
    const file = await readCompanyFile(auth, bytes);
    const { accepted, refused } = readRows(file.rows, columns);
    const finish = (written: Awaited<ReturnType<typeof importRows>>): TContactImportResult => {
      refused.sort((a, b) => a.line - b.line);
      return {
        isDryRun,
        ...written,
        refusedCount: refused.length,
        refused: refused.slice(0, contactImportRules.maxRefusedShown),
      };
    };
    try {
      return await withTenant(db, auth.companyId, async (tx) => {
        const written = await importRows(tx, auth, accepted, refused);
        const result = finish(written);
        if (isDryRun) throw new DryRunFinished(result);
        await repository.saveImportMapping(tx, auth.companyId, mappingToRemember(file.headers, columns));
        await recordAudit(tx, actor, {
          entityType: 'contact',
          entityId: createId(),
          action: 'import',
          after: {
            fileName,
            rows: file.rows.length,
            created: result.created,
            updated: result.updated,
            refused: result.refusedCount,
            newTags: result.newTags,
          },
        });
        return result;
      });
    } catch (error) {
      if (error instanceof DryRunFinished) return error.result;
      throw error;
    }
  };

  return { preview, run };
};
