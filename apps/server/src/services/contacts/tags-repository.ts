import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contactTagLinks, contactTags } from '../../db/schema/index.ts';
import type { TContactTagRow } from './repository.ts';

// The company's contact tags and which contacts carry them.

export const findTags = (db: Queryable, companyId: string) =>
  db
    .select({
      id: contactTags.id,
      name: contactTags.name,
      color: contactTags.color,
      contactCount: sql<number>`(select count(*)::int from ${contactTagLinks}
        where ${contactTagLinks.companyId} = ${contactTags.companyId} and ${contactTagLinks.tagId} = ${contactTags.id})`,
    })
    .from(contactTags)
    .where(eq(contactTags.companyId, companyId))
    .orderBy(sql`lower(${contactTags.name})`, asc(contactTags.id));

export const findTag = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(contactTags)
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.id, id)));
  return row;
};

/** The company's tags by name, for an import to find the ones a file names. */
export const findTagNames = (db: Queryable, companyId: string) =>
  db
    .select({ id: contactTags.id, name: contactTags.name })
    .from(contactTags)
    .where(eq(contactTags.companyId, companyId));

export const countTags = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(contactTags)
    .where(eq(contactTags.companyId, companyId));
  return row?.total ?? 0;
};

export const countTagsIn = async (db: Queryable, companyId: string, ids: string[]) => {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(contactTags)
    .where(and(eq(contactTags.companyId, companyId), inArray(contactTags.id, ids)));
  return row?.total ?? 0;
};

export const insertTag = (db: Queryable, row: typeof contactTags.$inferInsert) =>
  db.insert(contactTags).values(row);

export const updateTag = (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<Pick<TContactTagRow, 'name' | 'color'>>,
) =>
  db
    .update(contactTags)
    .set(changes)
    .where(and(eq(contactTags.companyId, companyId), eq(contactTags.id, id)));

export const deleteTag = (db: Queryable, companyId: string, id: string) =>
  db.delete(contactTags).where(and(eq(contactTags.companyId, companyId), eq(contactTags.id, id)));

/** The tags of each of `contactIds`. */
export const findTagsOf = async (db: Queryable, companyId: string, contactIds: string[]) => {
  if (contactIds.length === 0) return [];
  return db
    .select({
      contactId: contactTagLinks.contactId,
      id: contactTags.id,
      name: contactTags.name,
      color: contactTags.color,
    })
    .from(contactTagLinks)
    .innerJoin(
      contactTags,
      and(eq(contactTags.companyId, contactTagLinks.companyId), eq(contactTags.id, contactTagLinks.tagId)),
    )
    .where(and(eq(contactTagLinks.companyId, companyId), inArray(contactTagLinks.contactId, contactIds)))
    .orderBy(sql`lower(${contactTags.name})`);
};

/** Adds the tag to each contact that lacks it; answers how many gained it. */
export const linkTag = async (db: Queryable, companyId: string, tagId: string, contactIds: string[]) => {
  if (contactIds.length === 0) return 0;
  const inserted = await db
    .insert(contactTagLinks)
    .values(contactIds.map((contactId) => ({ companyId, contactId, tagId })))
    .onConflictDoNothing()
    .returning({ contactId: contactTagLinks.contactId });
  return inserted.length;
};

export const unlinkTag = async (db: Queryable, companyId: string, tagId: string, contactIds: string[]) => {
  if (contactIds.length === 0) return 0;
  const deleted = await db
    .delete(contactTagLinks)
    .where(
      and(
        eq(contactTagLinks.companyId, companyId),
        eq(contactTagLinks.tagId, tagId),
        inArray(contactTagLinks.contactId, contactIds),
      ),
    )
    .returning({ contactId: contactTagLinks.contactId });
  return deleted.length;
};

/** Makes the contact's tags exactly `tagIds`. */
export const replaceTags = async (db: Queryable, companyId: string, contactId: string, tagIds: string[]) => {
  await db
    .delete(contactTagLinks)
    .where(and(eq(contactTagLinks.companyId, companyId), eq(contactTagLinks.contactId, contactId)));
  if (tagIds.length > 0)
    await db.insert(contactTagLinks).values(tagIds.map((tagId) => ({ companyId, contactId, tagId })));
};

/** The duplicate's tags join the kept contact's (merge). */
export const copyTags = (db: Queryable, companyId: string, fromId: string, toId: string) =>
  db.execute(sql`
    insert into ${contactTagLinks} (company_id, contact_id, tag_id)
    select company_id, ${toId}, tag_id from ${contactTagLinks}
    where company_id = ${companyId} and contact_id = ${fromId}
    on conflict do nothing`);
