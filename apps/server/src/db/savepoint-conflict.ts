import type { Tx } from './client.ts';
import { isUniqueViolation } from './unique-violation.ts';

/**
 * Runs `work` in a savepoint of `tx`: when it breaks a unique key, the savepoint rolls back (the
 * transaction stays usable, to record nothing and answer) and `onConflict`'s error is thrown instead.
 */
export const inSavepointOrConflict = async <T>(
  tx: Tx,
  work: (savepoint: Tx) => Promise<T>,
  onConflict: () => Error,
): Promise<T> => {
  try {
    // A nested transaction is a savepoint.
    return await tx.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw onConflict();
    throw error;
  }
};
