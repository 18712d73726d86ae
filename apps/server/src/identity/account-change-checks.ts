import { IdentityError } from './identity-error.ts';
import type { TProjectName } from './projects.ts';

/**
 * What an ID token is about to change on its own account: its password, address, name or photo
 * (accounts:update), a first password (accounts:signUp with an idToken), or the account itself
 * (accounts:delete).
 */
export type TAccountChangeKind = 'password' | 'email' | 'profile' | 'link-password' | 'delete';

export type TAccountChange = {
  project: TProjectName;
  uid: string;
  /** The sign-in the token belongs to: its `auth_time`, the same for every refresh of that sign-in. */
  authTime: number;
  kinds: TAccountChangeKind[];
};

/**
 * Answers a reason to refuse the change, or undefined to let it through. The provider knows nothing
 * of companies, so a rule such as "a two-factor company's user changes the account only from a
 * sign-in that passed the mailed code" is registered by the app (`app.identity.onAccountChangeCheck`,
 * docs/decisions/042). Like a sign-in check, it runs before the provider opens a transaction of its
 * own and reads through the app's own handle (docs/decisions/025).
 */
export type TAccountChangeCheck = (
  change: TAccountChange,
) => Promise<string | undefined> | string | undefined;

export type TAccountChangeChecks = {
  add: (check: TAccountChangeCheck) => void;
  /** Throws ADMIN_ONLY_OPERATION (auth/admin-restricted-operation) with the first refusal's reason. */
  assertAllowed: (change: TAccountChange) => Promise<void>;
};

export const createAccountChangeChecks = (): TAccountChangeChecks => {
  const checks: TAccountChangeCheck[] = [];
  return {
    add: (check) => {
      checks.push(check);
    },
    assertAllowed: async (change) => {
      for (const check of checks) {
        const refusal = await check(change);
        if (refusal) throw new IdentityError('ADMIN_ONLY_OPERATION', refusal);
      }
    },
  };
};
