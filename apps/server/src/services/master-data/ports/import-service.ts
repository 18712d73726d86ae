import type { TPortImport, TPortImportApply } from '@cargodesk/shared';
import countryCodes from 'country-codes-list';
import type { Db, Tx } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { recordPlatformAction, type TPlatformActor } from '../../access/public.ts';
import * as repository from './repository.ts';
import {
  applyPortDiff,
  diffPorts,
  parseUnlocodeCsv,
  readCataloguePorts,
  type TPortDiff,
  type TRowProblem,
} from './unlocode-import.ts';

// UN/LOCODE imports of the sea-port catalogue: upload → reviewed diff → apply or discard. The
// catalogue is shared by every company, so applying writes as the database owner in one
// transaction, together with the import's status and its audit row.

const listLimit = 500;

/** The signed-in platform administrator as the platform's trail names them. */
const platformActorOf = ({ user }: TAuthContext, actor: TAuditActor): TPlatformActor => ({
  project: user.identityProject,
  uid: user.identityUid,
  email: user.email,
  ip: actor.ip,
  userAgent: actor.userAgent,
  requestId: actor.requestId,
});

export const importMessages = {
  notFound: 'No such import in your company',
  platformAdminOnly:
    'Applying an import changes the port catalogue every company shares: only a platform administrator of this installation may apply it',
  decided: (status: string) => `This import was already ${status}`,
  stale:
    'The port catalogue changed since this file was checked: upload it again to see the current differences',
  empty: 'Upload the UN/LOCODE CodeList CSV file as the request body',
} as const;

const toImport = (row: repository.TCatalogueImportRow): TPortImport => {
  const diff = row.diff as TPortDiff;
  const problems = row.problems as TRowProblem[];
  // A catalogue row as the review shows it, without the rest the diff keeps.
  const shown = (port: TPortDiff['added'][number]) => ({
    code: port.code,
    name: port.name,
    subdivision: port.subdivision,
    status: port.status,
    change: port.change,
    latitude: port.latitude,
    longitude: port.longitude,
  });
  return {
    _id: row.id,
    status: row.status,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    summary: {
      added: diff.added.length,
      changed: diff.changed.length,
      retired: diff.retired.length,
      outOfCountry: diff.outOfCountry.length,
      unchanged: diff.unchanged,
      problems: problems.length,
    },
    added: diff.added.slice(0, listLimit).map(shown),
    changed: diff.changed.slice(0, listLimit).map(({ code, fields, before, after }) => ({
      code,
      fields,
      before: { name: before.name, latitude: before.latitude, longitude: before.longitude },
      after: shown(after),
    })),
    retired: diff.retired.slice(0, listLimit).map(({ code, name }) => ({ code, name })),
    outOfCountry: diff.outOfCountry.slice(0, listLimit).map(shown),
    problems: problems.slice(0, listLimit),
  };
};

export type TPortImportDependencies = {
  db: Db;
  /** Whether this identity account is a platform administrator of the installation. */
  isPlatformAdmin: (auth: TAuthContext) => Promise<boolean>;
};

export const createPortImportService = ({ db, isPlatformAdmin }: TPortImportDependencies) => {
  const countryNames = new Map(
    countryCodes.all().map((country) => [country.countryCode, country.countryNameEn]),
  );

  const readImport = async (tx: Tx, companyId: string, id: string) => {
    const row = await repository.findCatalogueImport(tx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', importMessages.notFound);
    return row;
  };

  return {
    upload: async (auth: TAuthContext, actor: TAuditActor, body: unknown, fileName: string) => {
      // Before the file is read: parsing and comparing the whole UN/LOCODE list is the operator's
      // work, and a company admin must not make the server do it in a loop (issue 36).
      if (!(await isPlatformAdmin(auth))) throw new AppError('FORBIDDEN', importMessages.platformAdminOnly);
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError('BAD_REQUEST', importMessages.empty);
      const parsed = parseUnlocodeCsv(new Uint8Array(body.buffer, body.byteOffset, body.length));
      if (!parsed.ok) {
        throw new AppError('VALIDATION_FAILED', parsed.error, {
          problems: parsed.problems.slice(0, listLimit),
        });
      }
      // The catalogue is global: read it outside the tenant transaction, then store the diff in it.
      const [current, version] = [
        await readCataloguePorts(db),
        await repository.findCatalogueVersion(db, 'oceanport'),
      ];
      const diff = await diffPorts(parsed.ports, current, parsed.countries);
      const row = await withTenant(db, auth.companyId, async (tx) => {
        const id = createId();
        const inserted = await repository.insertCatalogueImport(tx, {
          companyId: auth.companyId,
          id,
          kind: 'oceanport',
          fileName,
          catalogueVersion: version,
          diff,
          problems: parsed.problems,
          createdByUserId: auth.userId,
        });
        if (!inserted) throw new Error('The import just written is missing');
        await auditTrails['catalogue-import'](tx, actor, 'create', id, {
          after: { fileName, ...toImport(inserted).summary },
        });
        return inserted;
      });
      return toImport(row);
    },

    get: async (auth: TAuthContext, id: string) =>
      toImport(await withTenant(db, auth.companyId, (tx) => readImport(tx, auth.companyId, id))),

    apply: async (auth: TAuthContext, actor: TAuditActor, id: string, input: TPortImportApply) => {
      const row = await withTenant(db, auth.companyId, (tx) => readImport(tx, auth.companyId, id));
      // The catalogue is shared by every company: a company admin may review a file, not rewrite it for all.
      // A flag the operator set on this very identity account, not a match on an email.
      if (!(await isPlatformAdmin(auth))) throw new AppError('FORBIDDEN', importMessages.platformAdminOnly);
      if (row.status !== 'pending') throw new AppError('CONFLICT', importMessages.decided(row.status));
      if ((await repository.findCatalogueVersion(db, 'oceanport')) !== row.catalogueVersion)
        throw new AppError('CONFLICT', importMessages.stale);
      const keepOutOfCountry = input?.keepOutOfCountry ?? false;
      // One owner transaction: the catalogue, the import's status and the audit row commit together.
      await applyPortDiff(db, row.diff as TPortDiff, {
        countryNames,
        keepOutOfCountry,
        onApplied: async (tx) => {
          if (!(await repository.markImportApplied(tx, auth.companyId, row.id)))
            throw new AppError('CONFLICT', importMessages.decided('decided'));
          await auditTrails['catalogue-import'](tx, actor, 'update', row.id, {
            before: { status: 'pending' },
            after: { status: 'applied', keepOutOfCountry, ...toImport(row).summary },
          });
          // Every company's catalogue changed: the platform's trail says who did it.
          await recordPlatformAction(tx, platformActorOf(auth, actor), {
            action: 'catalogue-import-apply',
            company: null,
            details: { importId: row.id, keepOutOfCountry, ...toImport(row).summary },
          });
        },
      });
      return toImport(await withTenant(db, auth.companyId, (tx) => readImport(tx, auth.companyId, row.id)));
    },

    discard: async (auth: TAuthContext, actor: TAuditActor, id: string) =>
      toImport(
        await withTenant(db, auth.companyId, async (tx) => {
          const current = await readImport(tx, auth.companyId, id);
          if (current.status !== 'pending')
            throw new AppError('CONFLICT', importMessages.decided(current.status));
          const discarded = await repository.markImportDiscarded(tx, auth.companyId, current.id);
          await auditTrails['catalogue-import'](tx, actor, 'update', current.id, {
            before: { status: 'pending' },
            after: { status: 'discarded' },
          });
          return discarded ?? current;
        }),
      ),
  };
};
