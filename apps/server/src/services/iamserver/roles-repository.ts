import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { roles, userRoles } from '../../db/schema/index.ts';

export type TRoleRow = typeof roles.$inferSelect;
export type TRoleWithCount = TRoleRow & { userCount: number };

const userCount = sql<number>`(
  select count(*)::int from ${userRoles}
  where ${userRoles.companyId} = ${roles.companyId} and ${userRoles.roleId} = ${roles.id}
)`;

/** The company's roles with how many users hold each: system roles first, then by name. */
export const findRoles = async (db: Queryable, companyId: string): Promise<TRoleWithCount[]> =>
  db
    .select({ ...getTableColumns(roles), userCount })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(desc(roles.isSystem), asc(sql`lower(${roles.name})`));

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
