import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  contactImportRules,
  contactRules,
  type TContactImportField,
  type TContactImportPreview,
  type TContactImportProgress,
  type TContactImportResult,
  type TContactTagColor,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { listCountries } from '../../../platform/reference/reference-data.ts';
import { limitHeapGrowth } from '../../../platform/runtime/heap-growth-limit.ts';
import { type TTenantWork, workerFileBeside } from '../../../platform/runtime/tenant-work-pool.ts';
import { findUserIdsByEmail } from '../../access/public.ts';
import { derivedColumnsOf, emailKeyOf, taxKeyOf, unionOfLists } from '../contact-row.ts';
import * as repository from '../repository.ts';
import * as tagsRepository from '../tags-repository.ts';
import {
  countryLookupOf,
  guessColumns,
  mappingToRemember,
  readContactRow,
  type TImportedContact,
} from './contact-rows.ts';
import { openCsv, type TCsvRecord } from './csv-records.ts';
import { asImportError, importError, type TCsvSummary } from './csv-summary.ts';
import * as importRepository from './import-repository.ts';

// Importing contacts from a CSV: a preview to map the columns, then a dry run that tells which rows
// would be new, which would update a contact (same e-mail or tax number) and which are refused and
// why, then the same run applied in one transaction. The file is read a batch of rows at a time, so
// the server holds one batch, not the whole file as rows.

/** How many rows are read, matched and written at once. */
const batchSize = 1_000;

/** Thrown to roll a dry run's transaction back with its result. */
class DryRunFinished extends Error {
  constructor(readonly result: TContactImportResult) {
    super('dry run');
  }
}

const csvWorker = workerFileBeside(import.meta.url, 'csv-worker');

export const contactFileTooCostly =
  'The file is too large or too complex to read in time: split it into smaller files of contacts.';

/**
 * The file's summary from the tenant work pool, and its rows again in batches. The first pass reads
 * the whole file on the pool; the batches read it again here, a batch at a time between the
 * import's database work, knowing its lines are within the limits the first pass checked.
 */
const openFile = async (tenantWork: TTenantWork, auth: TAuthContext, bytes: Buffer) => {
  if (bytes.length === 0) throw importError('The file is empty');
  const summary = await tenantWork.run<{ bytes: Uint8Array }, TCsvSummary>(auth, {
    entry: { file: csvWorker, name: 'readCsvSummary' },
    input: { bytes },
    tooCostlyMessage: contactFileTooCostly,
  });
  const batches = async function* (): AsyncGenerator<TCsvRecord[]> {
    let batch: TCsvRecord[] = [];
    let isHeader = true;
    try {
      for await (const record of openCsv(bytes).records()) {
        if (isHeader) isHeader = false;
        else if (batch.push(record) === batchSize) {
          yield batch;
          batch = [];
        }
      }
    } catch (error) {
      throw asImportError(error);
    }
    if (batch.length > 0) yield batch;
  };
  return { ...summary, batches };
};

type TRefused = TContactImportResult['refused'][number];
type TOpenedFile = Awaited<ReturnType<typeof openFile>>;
type TAccepted = { line: number; cells: string[]; contact: TImportedContact };
/** The line each e-mail key and tax key of the file was first read on. */
type TLinesOfKeys = { email: Map<string, number>; tax: Map<string, number> };

export const contactImportMessages = {
  tooManyFiles: 'Your company has read many contact files in the last hour. Try again later.',
} as const;

export type TContactImportDependencies = {
  db: Db;
  /** Counts each file read for the company, refusing past the hourly limit. */
  fileReadsPerCompany: TRateLimit;
  /** Reads the file on the pool's threads. */
  tenantWork: TTenantWork;
};

export const createContactImportService = ({
  db,
  fileReadsPerCompany,
  tenantWork,
}: TContactImportDependencies) => {
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
    return openFile(tenantWork, auth, bytes);
  };

  const preview = async (auth: TAuthContext, bytes: Buffer): Promise<TContactImportPreview> => {
    const file = await readCompanyFile(auth, bytes);
    const remembered = await withTenantRead(db, auth.companyId, (tx) =>
      importRepository.findImportMapping(tx, auth.companyId),
    );
    return {
      encoding: file.encoding,
      headers: file.headers,
      sample: file.sample,
      rowCount: file.rowCount,
      columns: guessColumns(file.headers, remembered),
    };
  };

  /**
   * Reads rows into contacts, refusing what the file itself gets wrong: unreadable values, and a
   * second row with an e-mail or tax number already seen (`linesOfKeys` remembers them across
   * batches, by the key itself: a file of 100,000 e-mails holds 100,000 of them to the end).
   */
  const readRows = (
    rows: TCsvRecord[],
    columns: (TContactImportField | '')[],
    linesOfKeys: TLinesOfKeys,
    refuse: (refusal: TRefused) => void,
  ) => {
    const accepted: TAccepted[] = [];
    for (const { line, cells } of rows) {
      const reading = readContactRow(cells, columns, findCountry);
      if ('reason' in reading) {
        refuse({ line, reason: reading.reason, cells });
        continue;
      }
      const emailKeys = reading.contact.input.emails.map((email) => emailKeyOf(email.address));
      const taxKey = taxKeyOf(reading.contact.input.taxNumber);
      const emailLine = emailKeys
        .map((key) => linesOfKeys.email.get(key))
        .find((found) => found !== undefined);
      const taxLine = taxKey === null ? undefined : linesOfKeys.tax.get(taxKey);
      const earlier = emailLine ?? taxLine;
      if (earlier !== undefined) {
        const what = emailLine === undefined ? 'tax number' : 'e-mail';
        refuse({ line, reason: `The same ${what} as line ${earlier}: one of the two is a duplicate`, cells });
        continue;
      }
      for (const key of emailKeys) linesOfKeys.email.set(key, line);
      if (taxKey !== null) linesOfKeys.tax.set(taxKey, line);
      accepted.push({ line, cells, contact: reading.contact });
    }
    return accepted;
  };

  /**
   * An import in `tx`: each batch is matched, checked against what needs the database, and written;
   * the caller decides whether the transaction commits. Owners and organisations are looked up once
   * per name, as the batches first name them.
   */
  const startImport = async (tx: Tx, auth: TAuthContext) => {
    const companyId = auth.companyId;
    const tagIdByName = new Map(
      (await tagsRepository.findTagNames(tx, companyId)).map(
        (tag) => [tag.name.toLowerCase(), tag.id] as const,
      ),
    );
    const newTagsMax = Math.min(
      contactImportRules.maxNewTags,
      Math.max(0, contactRules.companyTagsMax - tagIdByName.size),
    );
    const newTags: string[] = [];
    const ownerIdByEmail = new Map<string, string>();
    const ownersLookedUp = new Set<string>();
    /**
     * Organisations by name: those looked up, and those this batch creates, which a later line of
     * the batch may name. The database holds the batch's once it is written, and finds them there
     * for a later batch, as it finds the company's own: a file of 100,000 organisations is not
     * held to the end.
     */
    const organisationIdByName = new Map<string, string>();
    const organisationsLookedUp = new Set<string>();
    const forgetOrganisationsCreated = (names: string[]) => {
      for (const name of names) {
        organisationIdByName.delete(name);
        organisationsLookedUp.delete(name);
      }
    };
    let created = 0;
    let updated = 0;
    /** Contacts already updated, by the line that did it: two lines never write one contact. */
    const lineThatUpdated = new Map<string, number>();

    /** Adds what the database knows of the batch's owners and organisations not looked up yet. */
    const lookUpNames = async (batch: TAccepted[]) => {
      const owners = [
        ...new Set(
          batch.flatMap((row) => (row.contact.ownerEmail ? [row.contact.ownerEmail.toLowerCase()] : [])),
        ),
      ].filter((email) => !ownersLookedUp.has(email));
      for (const [email, id] of await findUserIdsByEmail(tx, companyId, owners))
        ownerIdByEmail.set(email, id);
      for (const email of owners) ownersLookedUp.add(email);
      const organisations = [
        ...new Set(
          batch.flatMap((row) =>
            row.contact.organisationName ? [row.contact.organisationName.toLowerCase()] : [],
          ),
        ),
      ].filter((name) => !organisationsLookedUp.has(name) && !organisationIdByName.has(name));
      for (const [name, id] of await importRepository.findOrganisationsByName(tx, companyId, organisations))
        organisationIdByName.set(name, id);
      for (const name of organisations) organisationsLookedUp.add(name);
    };

    const importBatch = async (batch: TAccepted[], refuseRow: (refusal: TRefused) => void) => {
      await lookUpNames(batch);
      const existing = await importRepository.findMatches(
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
      const organisationsCreated: string[] = [];
      for (const row of batch) {
        const { input, organisationName, tagNames, ownerEmail } = row.contact;
        const refuse = (reason: string) => refuseRow({ line: row.line, reason, cells: row.cells });
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
            await tagsRepository.insertTag(tx, {
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
        const lowerName = input.name.toLowerCase();
        if (input.kind === 'organisation' && !organisationIdByName.has(lowerName)) {
          organisationIdByName.set(lowerName, id);
          organisationsCreated.push(lowerName);
        }
        links.push(...tagIds.map((tagId) => ({ contactId: id, tagId })));
        created += 1;
      }
      await repository.insertManyContacts(tx, inserts);
      for (let at = 0; at < links.length; at += 5_000)
        await importRepository.linkTags(tx, companyId, links.slice(at, at + 5_000));
      forgetOrganisationsCreated(organisationsCreated);
    };
    return { importBatch, written: () => ({ created, updated, newTags }) };
  };

  /** Everything that refuses a run before a row is written: the mapping, the hourly limit, the file. */
  const open = async (auth: TAuthContext, bytes: Buffer, columns: (TContactImportField | '')[]) => {
    if (!columns.includes('name'))
      throw new AppError('VALIDATION_FAILED', 'Choose the column that holds the names', {
        fields: [{ field: 'columns', message: 'must map a column to name' }],
      });
    return readCompanyFile(auth, bytes);
  };

  /**
   * The dry run or the import itself: the same work, rolled back or committed. `onProgress` hears
   * how many of the file's rows are done after each batch.
   */
  const apply = async (
    auth: TAuthContext,
    actor: TAuditActor,
    file: TOpenedFile,
    {
      columns,
      isDryRun,
      fileName,
    }: { columns: (TContactImportField | '')[]; isDryRun: boolean; fileName: string },
    onProgress: (progress: TContactImportProgress) => void = () => {},
  ): Promise<TContactImportResult> => {
    try {
      return await withTenant(db, auth.companyId, async (tx) => {
        const { importBatch, written } = await startImport(tx, auth);
        const linesOfKeys: TLinesOfKeys = { email: new Map(), tax: new Map() };
        let refusedCount = 0;
        const refusedShown: TRefused[] = [];
        const collectWhenGrown = limitHeapGrowth();
        let rowsDone = 0;
        onProgress({ rows: rowsDone, of: file.rowCount });
        for await (const rows of file.batches()) {
          collectWhenGrown();
          // The batch's refusals, from reading and from the database, in the order of the file.
          const refused: TRefused[] = [];
          const refuse = (refusal: TRefused) => refused.push(refusal);
          await importBatch(readRows(rows, columns, linesOfKeys, refuse), refuse);
          refused.sort((a, b) => a.line - b.line);
          refusedCount += refused.length;
          refusedShown.push(...refused.slice(0, contactImportRules.maxRefusedShown - refusedShown.length));
          rowsDone += rows.length;
          onProgress({ rows: rowsDone, of: file.rowCount });
          // The embedded PGlite answers without ever leaving the event loop a turn: without this,
          // the progress lines would go out together at the end, and other requests would wait.
          await yieldToEventLoop();
        }
        const result: TContactImportResult = { isDryRun, ...written(), refusedCount, refused: refusedShown };
        if (isDryRun) throw new DryRunFinished(result);
        await importRepository.saveImportMapping(
          tx,
          auth.companyId,
          mappingToRemember(file.headers, columns),
        );
        await auditTrails.contact(tx, actor, 'import', createId(), {
          after: {
            fileName,
            rows: file.rowCount,
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

  return { preview, open, apply };
};
