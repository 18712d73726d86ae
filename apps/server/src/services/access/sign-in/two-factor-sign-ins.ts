import type { Db, Tx } from '../../../db/client.ts';
import type { TAccountChangeCheck } from '../../../identity/account-change-checks.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import * as repository from '../repository.ts';

// docs/decisions/042: a two-factor company's user changes their identity account only from a
// sign-in that passed the mailed code (or that their app session confirmed, which the code opened).

/** How long a passed sign-in is remembered: the app session's own absolute limit. */
export const twoFactorSignInKeepMs = 30 * 24 * 60 * 60 * 1000;

export const accountChangeMessages = {
  needsCode:
    'Two-factor sign-in is on for this company: sign in with the mailed code before changing the account',
} as const;

/** The identity sign-in of `authTime` passed the second factor. In the company's transaction. */
export const recordTwoFactorSignIn = (
  tx: Tx,
  { companyId, userId, authTime }: { companyId: string; userId: string; authTime: number },
) =>
  repository.recordTwoFactorSignIn(tx, {
    companyId,
    id: createId(),
    userId,
    authTime,
    keepSince: new Date(Date.now() - twoFactorSignInKeepMs),
  });

/**
 * The rule the identity provider asks before an ID token changes its own account. It reads in the
 * system context (the provider's request has no company yet), outside the provider's transaction.
 * An account with no Cargodesk user (a sign-up whose registration failed, an invitation not yet
 * accepted) or of a company without two-factor sign-in is left alone.
 */
export const twoFactorAccountChangeCheck =
  (db: Db): TAccountChangeCheck =>
  async ({ project, uid, authTime }) => {
    const row = await repository.findUserWithCompanyByIdentity(db, project, uid);
    if (!row?.company.twoFactorAuth) return undefined;
    const hasPassed = await repository.hasTwoFactorSignIn(db, {
      companyId: row.company.id,
      userId: row.user.id,
      authTime,
    });
    return hasPassed ? undefined : accountChangeMessages.needsCode;
  };
