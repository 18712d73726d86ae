import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contactSavedFilters } from '../../db/schema/index.ts';

// The contact list's saved filters: a user's own and those shared with the company.

/** The caller's own filters and those shared with the company, by name. */
export const findSavedFilters = (db: Queryable, companyId: string, userId: string) =>
  db
    .select()
    .from(contactSavedFilters)
    .where(
      and(
        eq(contactSavedFilters.companyId, companyId),
        sql`(${contactSavedFilters.ownerId} = ${userId} or ${contactSavedFilters.isShared})`,
      ),
    )
    .orderBy(sql`lower(${contactSavedFilters.name})`, asc(contactSavedFilters.id));

export const countOwnSavedFilters = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(contactSavedFilters)
    .where(and(eq(contactSavedFilters.companyId, companyId), eq(contactSavedFilters.ownerId, userId)));
  return row?.total ?? 0;
};

export const findSavedFilter = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(contactSavedFilters)
    .where(and(eq(contactSavedFilters.companyId, companyId), eq(contactSavedFilters.id, id)));
  return row;
};

export const insertSavedFilter = (db: Queryable, row: typeof contactSavedFilters.$inferInsert) =>
  db.insert(contactSavedFilters).values(row);

export const deleteSavedFilter = (db: Queryable, companyId: string, id: string) =>
  db
    .delete(contactSavedFilters)
    .where(and(eq(contactSavedFilters.companyId, companyId), eq(contactSavedFilters.id, id)));
