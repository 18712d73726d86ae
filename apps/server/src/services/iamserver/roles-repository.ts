import { type AnyColumn, and, asc, desc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { roles, userRoles } from '../../db/schema/index.ts';

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

/**
 * A page of the company's roles with how many users hold each, optionally only those whose name or
 * description contains `search`. Without a sort: system roles first, then by name.
 */
export const findRolesPage = async (
  db: Queryable,
  {
    companyId,
    search,
    sort,
    limit,
    offset,
  }: {
    companyId: string;
    search: string | undefined;
    sort: { field: TRoleSortField; isDescending: boolean } | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TRoleWithCount[]; total: number }> => {
  const pattern = search ? containsPattern(search) : undefined;
  const where = and(
    eq(roles.companyId, companyId),
    pattern ? sql`(${roles.name} ilike ${pattern} or ${roles.description} ilike ${pattern})` : undefined,
  );
  const order = sort
    ? [sort.isDescending ? desc(roleSortColumns[sort.field]) : asc(roleSortColumns[sort.field])]
    : [desc(roles.isSystem), asc(roleSortColumns.name)];
  const rows = await db
    .select({ ...getTableColumns(roles), userCount })
    .from(roles)
    .where(where)
    .orderBy(...order, asc(roles.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(roles).where(where);
  return { rows, total: total?.count ?? 0 };
};

export const findRole = async (
  db: Queryable,
  companyId: string,
  roleId: string,
): Promise<TRoleWithCount | undefined> => {
  const [row] = await db
    .select({ ...getTableColumns(roles), userCount })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
  return row;
};

/** Locks the role for the rest of the transaction, so a concurrent edit or delete waits. */
export const lockRole = async (db: Queryable, companyId: string, roleId: string) => {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)))
    .for('update');
  return row;
};

/** A role of the company with this name in any letter case, other than `exceptId`. */
export const findRoleByName = async (
  db: Queryable,
  { companyId, name, exceptId }: { companyId: string; name: string; exceptId?: string },
) => {
  const [row] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        sql`lower(${roles.name}) = lower(${name})`,
        ...(exceptId ? [ne(roles.id, exceptId)] : []),
      ),
    );
  return row;
};

export const insertRole = async (db: Queryable, role: typeof roles.$inferInsert) => {
  await db.insert(roles).values(role);
};

export const updateRole = async (
  db: Queryable,
  { companyId, roleId, changes }: { companyId: string; roleId: string; changes: Partial<TRoleRow> },
) => {
  await db
    .update(roles)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
};

export const deleteRole = async (db: Queryable, companyId: string, roleId: string) => {
  await db.delete(roles).where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)));
};

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
