import type { Queryable } from '../db/client.ts';
import { normaliseEmail } from './identity-context.ts';
import {
  findAccountByEmail,
  findAccountById,
  findPlatformAdmins,
  hasAnyPlatformAdmin,
  insertFirstAdminClaim,
  updateAccount,
} from './identity-repository.ts';
import { projectIds, type TProjectName } from './projects.ts';

// Platform rights (docs/security.md): a flag on one identity account, set only by the operator through
// `npm run platform-admin`. It binds to the account, not to an address, so nobody gains it by
// signing up with the operator's email in either project; and it counts only while the account's
// holder has proved the address and the account is enabled. "Proved" means the product's own mail
// (emailVerified): a company's identity provider vouches for an address only for that company's
// sign-in, so nothing it asserts reaches these rights (docs/decisions/032).

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
  // The operator has chosen: FIRST_PLATFORM_ADMIN grants nothing from now on, in either project.
  if (isAdmin) await insertFirstAdminClaim(db, { projectId: projectIds[project], accountId: account.id });
  return { outcome: isAdmin ? 'granted' : 'revoked', email: address };
};

export const listPlatformAdmins = async (db: Queryable, project: TProjectName) =>
  (await findPlatformAdmins(db, projectIds[project])).map((account) => ({
    email: account.email,
    isActive: account.emailVerified && !account.disabled,
  }));

/**
 * The one grant configuration may make (`FIRST_PLATFORM_ADMIN`), once per installation: while no
 * account of either identity project has platform rights and none was ever granted this way, the
 * account with the configured address gets the flag, once its holder has proved the mailbox by the
 * product's mail and the account is enabled. Any flagged account, even an inactive one, means the
 * operator has chosen: the setting then does nothing, in either project.
 */
export const claimFirstPlatformAdmin = async (
  db: Queryable,
  { project, email }: { project: TProjectName; email: string },
): Promise<'granted' | 'not-needed' | 'waiting'> => {
  if (await hasAnyPlatformAdmin(db)) return 'not-needed';
  const account = await findAccountByEmail(db, projectIds[project], normaliseEmail(email));
  if (!account?.emailVerified || account.disabled) return 'waiting';
  // The claim first: of two instances or two projects racing here, one grants and the other stops.
  // One transaction, so a claim is never spent without its grant.
  return db.transaction(async (tx) => {
    if (!(await insertFirstAdminClaim(tx, { projectId: projectIds[project], accountId: account.id })))
      return 'not-needed';
    await updateAccount(tx, projectIds[project], account.id, { platformAdmin: true });
    return 'granted';
  });
};
