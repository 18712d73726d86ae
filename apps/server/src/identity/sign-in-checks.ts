import { IdentityError } from './identity-error.ts';
import type { TProjectName } from './projects.ts';

/** How an account is about to be signed in without a password check of ours in the way. */
export type TSignInMethod = 'email-link';

export type TSignInAttempt = { project: TProjectName; uid: string; email: string; method: TSignInMethod };

/**
 * Answers a reason to refuse the sign-in, or undefined to let it through. The identity provider
 * knows nothing of companies, so rules such as "this company signs in only by single sign-on" are
 * registered by the app (through `app.identity.onSignInCheck`) rather than read here.
 *
 * A check runs before the provider opens a transaction of its own, never inside one, and reads
 * through the app's own handle: on PGlite, with its single connection, a check inside the
 * provider's transaction would wait for ever for a second one (docs/decisions/025).
 */
export type TSignInCheck = (attempt: TSignInAttempt) => Promise<string | undefined> | string | undefined;

export type TSignInChecks = {
  add: (check: TSignInCheck) => void;
  /** The first refusal, or undefined when every check lets the attempt through. */
  findRefusal: (attempt: TSignInAttempt) => Promise<string | undefined>;
  /** Throws ADMIN_ONLY_OPERATION (auth/admin-restricted-operation) with the refusal's reason. */
  assertAllowed: (attempt: TSignInAttempt) => Promise<void>;
};

export const createSignInChecks = (): TSignInChecks => {
  const checks: TSignInCheck[] = [];
  const findRefusal = async (attempt: TSignInAttempt) => {
    for (const check of checks) {
      const refusal = await check(attempt);
      if (refusal) return refusal;
    }
    return undefined;
  };
  return {
    add: (check) => {
      checks.push(check);
    },
    findRefusal,
    assertAllowed: async (attempt) => {
      const refusal = await findRefusal(attempt);
      if (refusal) throw new IdentityError('ADMIN_ONLY_OPERATION', refusal);
    },
  };
};
