import type { TPermission } from '@cargodesk/shared';
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { companies, roles, userRoles, users } from '../../../db/schema/index.ts';
import { permissionsOf, type TAuthContext } from '../../../platform/auth/auth-context.ts';

// Who is in a company, for modules that address its people (notifications): queries over iam's own
// tables, offered through access/public.ts so nobody else reads them.

type TNarrowing = { except?: string | undefined; among?: string[] | undefined };

const narrowed = ({ except, among }: TNarrowing) => [
  except ? ne(users.id, except) : undefined,
  among ? inArray(users.id, among) : undefined,
];

/** The company's users who may receive notifications: everyone not suspended. */
export const findReachableUserIds = async (db: Queryable, companyId: string, narrowing: TNarrowing = {}) => {
  if (narrowing.among?.length === 0) return [];
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), ne(users.status, 'suspended'), ...narrowed(narrowing)))
  ).map((row) => row.id);
};

/** The company's users, not suspended, whose email is one of `emails` (case aside). */
export const findReachableUserIdsByEmail = async (
  db: Queryable,
  companyId: string,
  emails: string[],
  narrowing: TNarrowing = {},
) => {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return [];
  return (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          ne(users.status, 'suspended'),
          inArray(sql`lower(${users.email})`, lowered),
          ...narrowed(narrowing),
        ),
      )
  ).map((row) => row.id);
};

/** The company's active users holding a role that `roleMatches`, each once. */
const findActiveUserIdsByRole = async (
  db: Queryable,
  companyId: string,
  roleMatches: SQL | undefined,
  narrowing: TNarrowing,
) =>
  (
    await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.companyId, users.companyId), eq(userRoles.userId, users.id)))
      .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
      .where(
        and(eq(users.companyId, companyId), eq(users.status, 'active'), roleMatches, ...narrowed(narrowing)),
      )
  ).map((row) => row.id);

/** The company's active admins (the Admin system role), who hear about invitations and new members. */
export const findAdminUserIds = async (db: Queryable, companyId: string, narrowing: TNarrowing = {}) =>
  findActiveUserIdsByRole(db, companyId, eq(roles.systemKey, 'admin'), narrowing);

/**
 * The identity accounts of the company's active admins: whether one of them proved their address
 * decides whether the company may mail people outside it (mail's outside-recipients).
 */
export const findAdminIdentities = async (db: Queryable, companyId: string) =>
  db
    .selectDistinct({ project: users.identityProject, uid: users.identityUid })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.companyId, users.companyId), eq(userRoles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), eq(roles.systemKey, 'admin')));

/**
 * Which of `emails` belong to the company's active users, lower-cased. Only those who joined: an
 * invited address has proved nothing yet, so it is not a member a company may mail unverified.
 */
export const findActiveMemberEmails = async (
  db: Queryable,
  companyId: string,
  emails: string[],
): Promise<Set<string>> => {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        inArray(sql`lower(${users.email})`, lowered),
      ),
    );
  return new Set(rows.map((row) => row.email.toLowerCase()));
};

/**
 * The display names of the company's users among `ids` (suspended ones too: history names whoever
 * acted), as "First Last", for screens that show who did something.
 */
export const findUserDisplayNames = async (
  db: Queryable,
  companyId: string,
  ids: string[],
): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
};

/** The company's users among `emails` (case aside), by lower-cased e-mail: an import names owners so. */
export const findUserIdsByEmail = async (
  db: Queryable,
  companyId: string,
  emails: string[],
): Promise<Map<string, string>> => {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(sql`lower(${users.email})`, lowered)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.id]));
};

/**
 * The company's active users whose roles grant `permission` (the Admin role grants every one):
 * the people who manage what it guards, such as the issue tracker's followers.
 */
export const findUserIdsWithPermission = async (
  db: Queryable,
  companyId: string,
  permission: TPermission,
  narrowing: TNarrowing = {},
) =>
  findActiveUserIdsByRole(
    db,
    companyId,
    or(eq(roles.systemKey, 'admin'), sql`${permission} = any(${roles.permissions})`),
    narrowing,
  );

/**
 * The e-mail address and name of the company's active users among `ids`, to mail them. Not the
 * invited: until they join, an address is only what the company typed, and mail to it would let a
 * company send its reports anywhere (issue 36).
 */
export const findUserMailboxes = async (db: Queryable, companyId: string, ids: string[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), inArray(users.id, ids)));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
  }));
};

/**
 * Company names by id. Read in the system context only by the platform console, which answers for
 * every company; inside a tenant transaction it finds the caller's own company alone.
 */
export const findCompanyNames = async (db: Queryable, ids: string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/**
 * A user and their company with the permissions their roles grant now, or undefined when either is
 * suspended or gone: work done on a user's behalf without a session (a scheduled report) runs
 * with what they may do at that moment.
 */
export const findUserAccess = async (
  db: Queryable,
  companyId: string,
  userId: string,
): Promise<TAuthContext | undefined> => {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (row?.user.status !== 'active' || row.company.status === 'suspended') return undefined;
  const roleRows = await db
    .select({ name: roles.name, permissions: roles.permissions, systemKey: roles.systemKey })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  return {
    sessionId: '',
    userId,
    companyId,
    user: row.user,
    company: row.company,
    roles: roleRows.map((role) => role.name),
    permissions: permissionsOf(roleRows),
    // Acting for the user on a schedule, not through one of their API tokens.
    apiToken: null,
  };
};
