import type { TUserSortField, TUserStatus } from '@cargodesk/shared';
import { and, asc, count, eq, exists, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { pageOffset } from '../../../db/paging.ts';
import { companies, groupMembers, groups, roles, userRoles, users } from '../../../db/schema/index.ts';

// Queries of users management. Every one names the company, besides row-level security.

export type TUserRecord = typeof users.$inferSelect;
export type TUserChanges = Partial<
  Pick<TUserRecord, 'firstName' | 'lastName' | 'phone' | 'status' | 'invitedAt'>
>;

const byUser = (companyId: string, userId: string) =>
  and(eq(users.companyId, companyId), eq(users.id, userId));

const sortColumns: Record<TUserSortField, SQL[]> = {
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: [sql`${users.email}`],
  status: [sql`${users.status}`],
  createdAt: [sql`${users.createdAt}`],
  lastLoginAt: [sql`${users.lastLoginAt}`],
};

const holdsRole = (companyId: string, roleId: string) =>
  exists(
    sql`(select 1 from ${userRoles} where ${userRoles.companyId} = ${companyId} and ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId})`,
  );

export const findUsersPage = async (
  db: Queryable,
  {
    companyId,
    page,
    pageSize,
    q,
    sort,
    status,
    roleId,
  }: {
    companyId: string;
    page: number;
    pageSize: number;
    q?: string | undefined;
    sort?: string | undefined;
    status?: TUserStatus | undefined;
    roleId?: string | undefined;
  },
) => {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId)];
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern)),
    );
  }
  if (status) conditions.push(eq(users.status, status));
  if (roleId) conditions.push(holdsRole(companyId, roleId));
  const where = and(...conditions);

  const isDescending = sort?.startsWith('-') ?? false;
  const field = (sort?.replace(/^-/, '') || 'name') as TUserSortField;
  const direction = isDescending ? 'desc' : 'asc';
  // Never-signed-in users go last either way; the id keeps pages stable between equal values.
  const order = [
    ...sortColumns[field].map((column) => sql`${column} ${sql.raw(direction)} nulls last`),
    asc(users.id),
  ];

  // One after the other: a transaction's queries share one connection.
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset(pageOffset({ page, pageSize }));
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, total: total?.value ?? 0 };
};

export const findUser = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db.select().from(users).where(byUser(companyId, userId));
  return row;
};

export const findUserByEmail = async (db: Queryable, companyId: string, email: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)));
  return row;
};

/** The roles of each of the users, by name. */
export const findRolesOfUsers = async (db: Queryable, companyId: string, userIds: string[]) => {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, systemKey: roles.systemKey })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, companyId), inArray(userRoles.userId, userIds)))
    .orderBy(asc(roles.name));
};

/** The groups of each of the users, by name. */
export const findGroupsOfUsers = async (db: Queryable, companyId: string, userIds: string[]) => {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: groupMembers.userId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.companyId, groupMembers.companyId), eq(groups.id, groupMembers.groupId)))
    .where(and(eq(groupMembers.companyId, companyId), inArray(groupMembers.userId, userIds)))
    .orderBy(asc(groups.name));
};

const roleColumns = {
  id: roles.id,
  name: roles.name,
  permissions: roles.permissions,
  systemKey: roles.systemKey,
};

export const findRoles = async (db: Queryable, companyId: string, roleIds: string[]) => {
  if (roleIds.length === 0) return [];
  return db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.id, roleIds)));
};

export const findRolesBySystemKey = async (db: Queryable, companyId: string, systemKeys: string[]) =>
  db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.systemKey, systemKeys)));

export const findGroups = async (db: Queryable, companyId: string, groupIds: string[]) => {
  if (groupIds.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, groupIds)));
};

/**
 * Holds the company row until the transaction ends, so two admins changing admins at the same
 * time take turns and cannot both remove "the other" last admin.
 */
export const lockCompanyAdmins = async (db: Queryable, companyId: string) => {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
};

/** Active users other than `exceptUserId` who hold the Admin system role. */
export const countOtherActiveAdmins = async (db: Queryable, companyId: string, exceptUserId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, exceptUserId),
        eq(users.status, 'active'),
        exists(
          sql`(select 1 from ${userRoles} inner join ${roles} on ${roles.companyId} = ${userRoles.companyId} and ${roles.id} = ${userRoles.roleId} where ${userRoles.companyId} = ${companyId} and ${userRoles.userId} = ${users.id} and ${roles.systemKey} = 'admin')`,
        ),
      ),
    );
  return row?.value ?? 0;
};

export const insertUser = async (db: Queryable, user: typeof users.$inferInsert) => {
  await db.insert(users).values(user);
};

export const updateUser = async (db: Queryable, companyId: string, userId: string, changes: TUserChanges) => {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(byUser(companyId, userId));
};

export const replaceUserRoles = async (
  db: Queryable,
  companyId: string,
  userId: string,
  roleIds: string[],
) => {
  await db.delete(userRoles).where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));
  if (roleIds.length === 0) return;
  await db.insert(userRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
};

export const replaceUserGroups = async (
  db: Queryable,
  companyId: string,
  userId: string,
  groupIds: string[],
) => {
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.userId, userId)));
  if (groupIds.length === 0) return;
  await db.insert(groupMembers).values(groupIds.map((groupId) => ({ companyId, userId, groupId })));
};

/** Removes the user; roles, groups, sessions and codes go with them (foreign keys cascade). */
export const deleteUser = async (db: Queryable, companyId: string, userId: string) => {
  await db.delete(users).where(byUser(companyId, userId));
};
