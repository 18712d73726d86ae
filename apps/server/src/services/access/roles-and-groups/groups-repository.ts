import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { groupMembers, groups, users } from '../../../db/schema/index.ts';
import { namedSetQueries } from './named-sets-repository.ts';

export type TGroupRow = typeof groups.$inferSelect;
export type TGroupWithCount = TGroupRow & { memberCount: number };

const memberCount = sql<number>`(
  select count(*)::int from ${groupMembers}
  where ${groupMembers.companyId} = ${groups.companyId} and ${groupMembers.groupId} = ${groups.id}
)`;

/** The fields a group list sorts by; `name` ignores letter case. */
export const groupSortColumns = {
  name: sql`lower(${groups.name})`,
  memberCount,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
} as const satisfies Record<string, SQL | AnyColumn>;
export type TGroupSortField = keyof typeof groupSortColumns;

const queries = namedSetQueries(groups, { name: 'memberCount', count: memberCount });

/** A page of the company's groups, optionally only those whose name or description contains `search`. */
export const findGroupsPage = (
  db: Queryable,
  {
    sort,
    isDescending,
    ...query
  }: {
    companyId: string;
    search: string | undefined;
    sort: TGroupSortField;
    isDescending: boolean;
    limit: number;
    offset: number;
  },
) =>
  queries.findPage(db, {
    ...query,
    order: [isDescending ? desc(groupSortColumns[sort]) : asc(groupSortColumns[sort])],
  });

export const {
  find: findGroup,
  lock: lockGroup,
  findByName: findGroupByName,
  insert: insertGroup,
  update: updateGroup,
  remove: deleteGroup,
} = queries;

/** The group's members, by name. */
export const findGroupMembers = async (db: Queryable, companyId: string, groupId: string) =>
  db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
    })
    .from(groupMembers)
    .innerJoin(users, and(eq(users.companyId, groupMembers.companyId), eq(users.id, groupMembers.userId)))
    .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.groupId, groupId)))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.email));

/** Which of `userIds` are users of the company. */
export const findCompanyUserIds = async (db: Queryable, companyId: string, userIds: string[]) => {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
  return rows.map((row) => row.id);
};

/** Makes the group's members exactly `userIds`. */
export const replaceGroupMembers = async (
  db: Queryable,
  { companyId, groupId, userIds }: { companyId: string; groupId: string; userIds: string[] },
) => {
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.groupId, groupId)));
  if (userIds.length === 0) return;
  await db.insert(groupMembers).values(userIds.map((userId) => ({ companyId, groupId, userId })));
};
