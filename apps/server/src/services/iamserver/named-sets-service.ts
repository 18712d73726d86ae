import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { TAuthContext } from '../../platform/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';

/**
 * What the roles and groups services share about their named sets: a name taken in any letter case
 * answers 409, a set not in the caller's company answers 404, each in the set's own words.
 */
export const namedSetRules = <TLocked>({
  db,
  messages,
  findByName,
  lock,
}: {
  db: Db;
  messages: { notFound: string; duplicateName: (name: string) => string };
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
