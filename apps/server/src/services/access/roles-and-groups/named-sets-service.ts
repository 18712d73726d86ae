import type { Db, Tx } from '../../../db/client.ts';
import { listMeta, pageOffset } from '../../../db/paging.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { AppError } from '../../../platform/http/errors.ts';

/** What a named set answers when missing or named twice, in its own noun ('role', 'group'). */
export const namedSetMessages = (noun: string) => ({
  notFound: `No such ${noun} in your company`,
  duplicateName: (name: string) => `A ${noun} named "${name}" already exists`,
});

/**
 * What the roles and groups services share about their named sets: a name taken in any letter case
 * answers 409, a set not in the caller's company answers 404, each in the set's own words.
 */
export const namedSetRules = <TRow, TLocked>({
  db,
  messages,
  find,
  findByName,
  lock,
}: {
  db: Db;
  messages: { notFound: string; duplicateName: (name: string) => string };
  find: (tx: Tx, companyId: string, id: string) => Promise<TRow | undefined>;
  findByName: (
    tx: Tx,
    query: { companyId: string; name: string; exceptId?: string },
  ) => Promise<{ name: string } | undefined>;
  lock: (tx: Tx, companyId: string, id: string) => Promise<TLocked | undefined>;
}) => ({
  /** Refuses a name another set of the company already has (in any letter case). */
  assertNameFree: async (
    tx: Tx,
    { companyId, name, exceptId }: { companyId: string; name: string; exceptId?: string },
  ) => {
    const taken = await findByName(tx, { companyId, name, ...(exceptId ? { exceptId } : {}) });
    if (taken) throw new AppError('CONFLICT', messages.duplicateName(taken.name));
  },

  /** A page of the company's sets as the list shows them, `findPage` reading them in its order. */
  listPage: async <TPageRow, TView>(
    companyId: string,
    { page, pageSize, q }: { page: number; pageSize: number; q?: string | undefined },
    findPage: (
      tx: Tx,
      query: { companyId: string; search: string | undefined; limit: number; offset: number },
    ) => Promise<{ rows: TPageRow[]; total: number }>,
    viewOf: (row: TPageRow) => TView,
  ) => {
    const { rows, total } = await withTenantRead(db, companyId, (tx) =>
      findPage(tx, {
        companyId,
        search: q || undefined,
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      }),
    );
    return { data: rows.map((row) => viewOf(row)), meta: listMeta(total, { page, pageSize }) };
  },

  /** The set; 404 when the company has none of that id. */
  findExisting: async (tx: Tx, companyId: string, id: string): Promise<TRow> => {
    const row = await find(tx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', messages.notFound);
    return row;
  },

  /** Locks the set for the rest of the transaction; 404 when the company has none of that id. */
  lockExisting: async (tx: Tx, companyId: string, id: string): Promise<TLocked> => {
    const row = await lock(tx, companyId, id);
    if (!row) throw new AppError('NOT_FOUND', messages.notFound);
    return row;
  },

  /** Runs `work` in the caller's company; a unique-key race on the name still answers 409. */
  inCompany: async <T>(auth: TAuthContext, name: string | undefined, work: (tx: Tx) => Promise<T>) => {
    try {
      return await withTenant(db, auth.companyId, work);
    } catch (error) {
      if (name !== undefined && isUniqueViolation(error)) {
        throw new AppError('CONFLICT', messages.duplicateName(name));
      }
      throw error;
    }
  },
});
