import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { pageOffset, type TPage } from '../../db/paging.ts';
import { contactKeys, contacts } from '../../db/schema/index.ts';
import { contactHeadline, listColumns, type TContactListRow } from './repository.ts';

// Contacts that may be the same one: sharing an e-mail or a tax number (contact_keys, migration 0038).

/** The keys an e-mail and a tax key are kept under in `contact_keys` (migration 0038). */
export const keysOf = (emailKeys: string[], taxKeys: string[]) => [
  ...emailKeys.map((key) => `email:${key}`),
  ...taxKeys.map((key) => `tax:${key}`),
];

/** The ids of the company's contacts holding one of `keys`: equality lookups in a btree. */
export const contactIdsWithKeys = (db: Queryable, companyId: string, keys: string[]) =>
  db
    .selectDistinct({ id: contactKeys.contactId })
    .from(contactKeys)
    .where(and(eq(contactKeys.companyId, companyId), inArray(contactKeys.key, keys)));

/** Contacts sharing one of these e-mails or this tax number. */
export const findDuplicates = (
  db: Queryable,
  companyId: string,
  {
    emailKeys,
    taxKey,
    exceptId,
  }: { emailKeys: string[]; taxKey: string | null; exceptId?: string | undefined },
) => {
  const keys = keysOf(emailKeys, taxKey ? [taxKey] : []);
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .select({
      ...contactHeadline,
      taxNumber: contacts.taxNumber,
      emailKeys: contacts.emailKeys,
      taxKey: contacts.taxKey,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        inArray(contacts.id, contactIdsWithKeys(db, companyId, keys)),
        exceptId ? ne(contacts.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(20);
};

/**
 * Groups of contacts that share an e-mail or a tax number: the "possible duplicates" view.
 * A contact with several shared keys may appear in several groups. The page's keys come from the
 * key index alone; only their contacts are read, oldest first.
 */
export const findDuplicateGroups = async (db: Queryable, companyId: string, page: TPage) => {
  const rows = await executeRows<{ key: string; ids: string[] }>(
    db,
    sql`
    with shared as (
      select key from ${contactKeys} where company_id = ${companyId}
      group by key having count(*) > 1
      order by key
      limit ${page.pageSize} offset ${pageOffset(page)}
    )
    select shared.key, array_agg(c.id order by c.created_at, c.id) as ids
    from shared
    join ${contactKeys} k on k.company_id = ${companyId} and k.key = shared.key
    join ${contacts} c on c.company_id = ${companyId} and c.id = k.contact_id
    group by shared.key
    order by shared.key`,
  );
  // Both drivers answer `{ rows }`; the shared type does not say so.
  return rows;
};

export const findContactsByIds = (db: Queryable, companyId: string, ids: string[]) => {
  if (ids.length === 0) return Promise.resolve([]);
  // Joined as a page's ids are: drizzle writes the columns of a statement of one table without
  // their table, and `listColumns`' subqueries name contacts of two.
  const picked = db
    .select({ pickedId: sql<string>`${contacts.id}`.as('picked_id') })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)))
    .as('picked');
  return db
    .select(listColumns)
    .from(picked)
    .innerJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, picked.pickedId))) as Promise<
    TContactListRow[]
  >;
};
