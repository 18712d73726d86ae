import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contacts, tenantContacts } from '../../db/schema/index.ts';

// Contacts as the freight module sees them: the parties of a shipment.

export type TPartyContact = {
  id: string;
  kind: 'organisation' | 'person';
  name: string;
  organisationId: string | null;
};

/** The company's contacts of these ids (missing ones are not the company's, or gone). */
export const findPartyContacts = async (
  db: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, TPartyContact>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: contacts.id,
      kind: contacts.kind,
      name: contacts.name,
      organisationId: contacts.organisationId,
    })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
};

/** The ids of at most `limit` contacts whose name holds `text`, for a search of parties by name. */
export const findContactIdsByName = async (db: Queryable, companyId: string, text: string, limit: number) =>
  (
    await db
      .select({ id: tenantContacts.id })
      .from(tenantContacts)
      .where(
        and(
          eq(tenantContacts.companyId, companyId),
          sql`${tenantContacts.searchText} like ${containsPattern(text.toLowerCase())}`,
        ),
      )
      .orderBy(asc(tenantContacts.name), asc(tenantContacts.id))
      .limit(limit)
  ).map((row) => row.id);
