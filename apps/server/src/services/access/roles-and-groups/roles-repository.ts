import { type AnyColumn, and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { roles, userRoles } from '../../../db/schema/index.ts';
import { namedSetQueries } from './named-sets-repository.ts';

export type TRoleRow = typeof roles.$inferSelect;
export type TRoleWithCount = TRoleRow & { userCount: number };

const userCount = sql<number>`(
  select count(*)::int from ${userRoles}
  where ${userRoles.companyId} = ${roles.companyId} and ${userRoles.roleId} = ${roles.id}
)`;

/** The fields a role list sorts by; `name` ignores letter case. */
export const roleSortColumns = {
  name: sql`lower(${roles.name})`,
  userCount,
  createdAt: roles.createdAt,
} as const satisfies Record<string, SQL | AnyColumn>;
export type TRoleSortField = keyof typeof roleSortColumns;

const queries = namedSetQueries(roles, { name: 'userCount', count: userCount });

/**
 * A page of the company's roles with how many users hold each, optionally only those whose name or
 * description contains `search`. Without a sort: system roles first, then by name.
 */
export const findRolesPage = (
  db: Queryable,
  {
    sort,
    ...query
  }: {
    companyId: string;
    search: string | undefined;
    sort: { field: TRoleSortField; isDescending: boolean } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TRoleWithCount[]; total: number }> =>
  queries.findPage(db, {
    ...query,
    order: sort
      ? [sort.isDescending ? desc(roleSortColumns[sort.field]) : asc(roleSortColumns[sort.field])]
      : [desc(roles.isSystem), asc(roleSortColumns.name)],
  });

export const {
  find: findRole,
  lock: lockRole,
  findByName: findRoleByName,
  insert: insertRole,
  update: updateRole,
  remove: deleteRole,
} = queries;

/** The ids of the users holding the role. */
export const findRoleHolders = async (db: Queryable, companyId: string, roleId: string) => {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.roleId, roleId)));
  return rows.map((row) => row.userId);
};

export const findRoleIdsOfUser = async (db: Queryable, companyId: string, userId: string) => {
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  return rows.map((row) => row.roleId);
};

/** Gives `roleId` to every user in `userIds` that does not hold it yet. */
export const grantRole = async (
  db: Queryable,
  { companyId, userIds, roleId }: { companyId: string; userIds: string[]; roleId: string },
) => {
  if (userIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(userIds.map((userId) => ({ companyId, userId, roleId })))
    .onConflictDoNothing();
};
