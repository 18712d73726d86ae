import type { TAuditEntityType, TCompanyListQuery } from '@cargodesk/shared';
import countryCodes from 'country-codes-list';
import type { Db, Tx } from '../../../db/client.ts';
import { listMeta } from '../../../db/paging.ts';
import { inSavepointOrConflict } from '../../../db/savepoint-conflict.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrailOf, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import { businessTypesStore, receivingLocationsStore, type TCompanyListStore } from './repository.ts';

// Business types and receiving locations: the same company CRUD over two tables, each with its own
// store (queries), messages and checks.

type TRowBase = { id: string; companyId: string; createdAt: Date; updatedAt: Date };

/** A row as the API shows it: `_id`, no company, ISO timestamps. */
const toApi = <TRow extends TRowBase>({
  id,
  companyId: _companyId,
  createdAt,
  updatedAt,
  ...rest
}: TRow) => ({
  _id: id,
  ...rest,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

type TCompanyListRules<TInput, TUpdate> = {
  entityType: TAuditEntityType;
  notFound: string;
  /** The 409 message when the unique field (name or code) is taken. */
  duplicate: (input: TInput | TUpdate) => string;
  /** Checks the packages know and a schema cannot (a real country code). */
  check?: (input: TInput | TUpdate) => void;
};

const createCompanyListService = <TRow extends TRowBase, TInput, TUpdate, TSortField extends string>(
  db: Db,
  store: TCompanyListStore<TRow, TInput, TUpdate, TSortField>,
  rules: TCompanyListRules<TInput, TUpdate>,
) => {
  const readOne = async (tx: Tx, companyId: string, id: string) => {
    const row = await store.find(tx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', rules.notFound);
    return toApi(row);
  };
  const audit = auditTrailOf(rules.entityType);
  const orConflict = (tx: Tx, input: TInput | TUpdate, work: (savepoint: Tx) => Promise<unknown>) =>
    inSavepointOrConflict(tx, work, () => new AppError('CONFLICT', rules.duplicate(input)));

  return {
    list: async (auth: TAuthContext, query: TCompanyListQuery) => {
      const sort = readSort(query.sort, store.sortable);
      const { rows, total } = await withTenantRead(db, auth.companyId, (tx) =>
        store.findPage(tx, {
          companyId: auth.companyId,
          q: query.q,
          isActive: query.active === undefined ? undefined : query.active === 'true',
          sort: sort?.field ?? store.defaultSort,
          isDescending: sort?.isDescending ?? false,
          page: query.page,
          pageSize: query.pageSize,
        }),
      );
      return { data: rows.map(toApi), meta: listMeta(total, query) };
    },

    get: async (auth: TAuthContext, id: string) =>
      withTenantRead(db, auth.companyId, (tx) => readOne(tx, auth.companyId, id)),

    create: async (auth: TAuthContext, actor: TAuditActor, input: TInput) => {
      rules.check?.(input);
      return withTenant(db, auth.companyId, async (tx) => {
        const id = createId();
        await orConflict(tx, input, (savepoint) => store.insert(savepoint, auth.companyId, id, input));
        const row = await readOne(tx, auth.companyId, id);
        await audit(tx, actor, 'create', id, { after: row });
        return row;
      });
    },

    update: async (auth: TAuthContext, actor: TAuditActor, id: string, changes: TUpdate) => {
      rules.check?.(changes);
      return withTenant(db, auth.companyId, async (tx) => {
        const before = await readOne(tx, auth.companyId, id);
        await orConflict(tx, changes, (savepoint) => store.update(savepoint, auth.companyId, id, changes));
        const after = await readOne(tx, auth.companyId, id);
        await audit(tx, actor, 'update', id, { before, after });
        return after;
      });
    },

    remove: async (auth: TAuthContext, actor: TAuditActor, id: string) =>
      withTenant(db, auth.companyId, async (tx) => {
        const before = await readOne(tx, auth.companyId, id);
        await store.remove(tx, auth.companyId, id);
        await audit(tx, actor, 'delete', id, { before });
        return { deleted: true as const };
      }),
  };
};

const knownCountries = new Set(countryCodes.all().map((country) => country.countryCode));

export const companyListMessages = {
  unknownCountry: 'is not a known country code',
} as const;

export const createBusinessTypesService = ({ db }: { db: Db }) =>
  createCompanyListService(db, businessTypesStore, {
    entityType: 'business-type',
    notFound: 'No such business type in your company',
    duplicate: ({ name }) => `A business type named "${name}" already exists`,
  });

export const createReceivingLocationsService = ({ db }: { db: Db }) =>
  createCompanyListService(db, receivingLocationsStore, {
    entityType: 'receiving-location',
    notFound: 'No such receiving location in your company',
    duplicate: ({ code }) => `A receiving location with the code "${code}" already exists`,
    check: ({ countryCode }) => {
      if (countryCode !== undefined && !knownCountries.has(countryCode)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Invalid body: countryCode ${companyListMessages.unknownCountry}`,
          {
            fields: [{ field: 'countryCode', message: companyListMessages.unknownCountry }],
          },
        );
      }
    },
  });
