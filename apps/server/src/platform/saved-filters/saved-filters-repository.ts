import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { savedFilters } from '../../db/schema/index.ts';

// A list's saved filters: a user's own and those shared with the company.

type TListKey = { companyId: string; list: string };

/** The caller's own filters of a list and those shared with the company, by name. */
export const findSavedFilters = (db: Queryable, { companyId, list }: TListKey, userId: string) =>
  db
    .select()
    .from(savedFilters)
    .where(
      and(
        eq(savedFilters.companyId, companyId),
        eq(savedFilters.list, list),
        sql`(${savedFilters.ownerId} = ${userId} or ${savedFilters.isShared})`,
      ),
    )
    .orderBy(sql`lower(${savedFilters.name})`, asc(savedFilters.id));

export const countOwnSavedFilters = async (db: Queryable, { companyId, list }: TListKey, userId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(savedFilters)
    .where(
      and(
        eq(savedFilters.companyId, companyId),
        eq(savedFilters.list, list),
        eq(savedFilters.ownerId, userId),
      ),
    );
  return row?.total ?? 0;
};

/** A filter of the list; one of another list is not there. */
export const findSavedFilter = async (db: Queryable, { companyId, list }: TListKey, id: string) => {
  const [row] = await db
    .select()
    .from(savedFilters)
    .where(and(eq(savedFilters.companyId, companyId), eq(savedFilters.list, list), eq(savedFilters.id, id)));
  return row;
};

export const insertSavedFilter = (db: Queryable, row: typeof savedFilters.$inferInsert) =>
  db.insert(savedFilters).values(row);

export const deleteSavedFilter = (db: Queryable, companyId: string, id: string) =>
  db.delete(savedFilters).where(and(eq(savedFilters.companyId, companyId), eq(savedFilters.id, id)));
