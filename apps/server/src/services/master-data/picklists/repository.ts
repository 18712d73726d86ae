import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { dropdownGroups, dropdownValues } from '../../../db/schema/index.ts';

// Queries of a company's picklists (groups) and their values. Every one names the company, besides
// row-level security.

export type TGroupRow = typeof dropdownGroups.$inferSelect;
export type TValueRow = typeof dropdownValues.$inferSelect;
export type TGroupInsert = typeof dropdownGroups.$inferInsert;
export type TValueInsert = typeof dropdownValues.$inferInsert;
export type TValueChanges = Partial<Pick<TValueRow, 'label' | 'value' | 'isActive' | 'colour' | 'sortOrder'>>;

const byGroup = (companyId: string, groupId: string) =>
  and(eq(dropdownGroups.companyId, companyId), eq(dropdownGroups.id, groupId));
const byValue = (companyId: string, valueId: string) =>
  and(eq(dropdownValues.companyId, companyId), eq(dropdownValues.id, valueId));
const inGroup = (companyId: string, groupId: string) =>
  and(eq(dropdownValues.companyId, companyId), eq(dropdownValues.groupId, groupId));

/** A module's picklists in the order they were made. */
export const findGroups = (db: Queryable, companyId: string, module: string) =>
  db
    .select()
    .from(dropdownGroups)
    .where(and(eq(dropdownGroups.companyId, companyId), eq(dropdownGroups.module, module)))
    .orderBy(asc(dropdownGroups.createdAt), asc(dropdownGroups.id));

export const findGroup = async (db: Queryable, companyId: string, groupId: string) => {
  const [row] = await db.select().from(dropdownGroups).where(byGroup(companyId, groupId));
  return row;
};

export const insertGroup = (db: Queryable, values: TGroupInsert) => db.insert(dropdownGroups).values(values);

export const updateGroupLabel = (db: Queryable, companyId: string, groupId: string, label: string) =>
  db.update(dropdownGroups).set({ label, updatedAt: new Date() }).where(byGroup(companyId, groupId));

/** Marks the picklist changed when one of its values changes. */
export const touchGroup = (db: Queryable, companyId: string, groupId: string) =>
  db.update(dropdownGroups).set({ updatedAt: new Date() }).where(byGroup(companyId, groupId));

export const deleteGroup = (db: Queryable, companyId: string, groupId: string) =>
  db.delete(dropdownGroups).where(byGroup(companyId, groupId));

/** The values of the given picklists. */
export const findValuesOfGroups = (db: Queryable, companyId: string, groupIds: string[]) =>
  db
    .select()
    .from(dropdownValues)
    .where(and(eq(dropdownValues.companyId, companyId), inArray(dropdownValues.groupId, groupIds)));

export const findValuesOfGroup = (db: Queryable, companyId: string, groupId: string) =>
  db.select().from(dropdownValues).where(inGroup(companyId, groupId));

export const findValue = async (db: Queryable, companyId: string, valueId: string) => {
  const [row] = await db.select().from(dropdownValues).where(byValue(companyId, valueId));
  return row;
};

/** The highest sort order in a picklist, or null when it is empty. */
export const findLastSortOrder = async (db: Queryable, companyId: string, groupId: string) => {
  const [row] = await db
    .select({ order: max(dropdownValues.sortOrder) })
    .from(dropdownValues)
    .where(inGroup(companyId, groupId));
  return row?.order ?? null;
};

export const insertValues = (db: Queryable, values: TValueInsert[]) =>
  db.insert(dropdownValues).values(values);

export const updateValue = (db: Queryable, companyId: string, valueId: string, changes: TValueChanges) =>
  db
    .update(dropdownValues)
    .set({ ...changes, updatedAt: new Date() })
    .where(byValue(companyId, valueId));

export const deleteValue = (db: Queryable, companyId: string, valueId: string) =>
  db.delete(dropdownValues).where(byValue(companyId, valueId));
