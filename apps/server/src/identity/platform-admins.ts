import type { Queryable } from '../db/client.ts';
import { normaliseEmail } from './identity-context.ts';
import {
  findAccountByEmail,
  findAccountById,
  findPlatformAdmins,
  updateAccount,
} from './identity-repository.ts';
import { projectIds, type TProjectName } from './projects.ts';

// Platform rights (docs/security.md): a flag on one identity account, set only by the operator through
// `npm run platform-admin`. It binds to the account, not to an address, so nobody gains it by
// signing up with the operator's email in either project; and it counts only while the account's
// holder has proved the address and the account is enabled.

export type TPlatformAdminChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; email: string }
  | { outcome: 'no-account' | 'unverified'; email: string };

export const platformAdminMessages = {
  noAccount: (email: string, project: TProjectName) =>
    `No account with the email ${email} in the ${project} identity project: sign up (or be invited) first`,
  unverified: (email: string) =>
    `The email ${email} is not verified yet: its holder must open the verification mail first`,
} as const;

export const isPlatformAdmin = async (db: Queryable, project: TProjectName, uid: string) => {
  const account = await findAccountById(db, projectIds[project], uid);
  return Boolean(account?.platformAdmin && account.emailVerified && !account.disabled);
};

export const setPlatformAdmin = async (
  db: Queryable,
  { project, email, isAdmin }: { project: TProjectName; email: string; isAdmin: boolean },
): Promise<TPlatformAdminChange> => {
  const address = normaliseEmail(email);
  const account = await findAccountByEmail(db, projectIds[project], address);
  if (!account) return { outcome: 'no-account', email: address };
  if (isAdmin && !account.emailVerified) return { outcome: 'unverified', email: address };
  if (account.platformAdmin === isAdmin) return { outcome: 'unchanged', email: address };
  await updateAccount(db, projectIds[project], account.id, { platformAdmin: isAdmin });
  return { outcome: isAdmin ? 'granted' : 'revoked', email: address };
};

export const listPlatformAdmins = async (db: Queryable, project: TProjectName) =>
  (await findPlatformAdmins(db, projectIds[project])).map((account) => ({
    email: account.email,
    isActive: account.emailVerified && !account.disabled,
  }));

/**
 * The one grant configuration may make (`FIRST_PLATFORM_ADMIN`): on an installation whose identity
 * project has no platform administrator at all, the account with the configured address gets the
 * flag, once its holder has proved the address (verified) and the account is enabled. Any flagged
 * account, even an inactive one, means the operator has chosen: the setting then does nothing.
 */
export const claimFirstPlatformAdmin = async (
  db: Queryable,
  { project, email }: { project: TProjectName; email: string },
): Promise<'granted' | 'not-needed' | 'waiting'> => {
  if ((await findPlatformAdmins(db, projectIds[project])).length > 0) return 'not-needed';
  const account = await findAccountByEmail(db, projectIds[project], normaliseEmail(email));
  if (!account?.emailVerified || account.disabled) return 'waiting';
  await updateAccount(db, projectIds[project], account.id, { platformAdmin: true });
  return 'granted';
};
