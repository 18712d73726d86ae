import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { compiledStatement } from '../../db/compiled-statement.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contacts, tenantContacts } from '../../db/schema/index.ts';

// Contacts as the freight module sees them: the parties of a shipment.

export type TPartyContact = {
  id: string;
  kind: 'organisation' | 'person';
  name: string;
  organisationId: string | null;
};

// Both read on every view of a shipment or search of the list: compiled once (decision 027).
const partyContacts = compiledStatement<null, TPartyContact>(
  (db) =>
    db
      .select({
        id: contacts.id,
        kind: contacts.kind,
        name: contacts.name,
        organisationId: contacts.organisationId,
      })
      .from(contacts)
      .where(
        and(
          eq(contacts.companyId, sql.placeholder('companyId')),
          sql`${contacts.id} = any(${sql.placeholder('ids')})`,
        ),
      ),
  { planOf: () => 'once' },
);

const contactIdsByName = compiledStatement<null, { id: string }>((db) =>
  db
    .select({ id: tenantContacts.id })
    .from(tenantContacts)
    .where(
      and(
        eq(tenantContacts.companyId, sql.placeholder('companyId')),
        sql`${tenantContacts.searchText} like ${sql.placeholder('pattern')}`,
      ),
    )
    .orderBy(asc(tenantContacts.name), asc(tenantContacts.id))
    .limit(sql.placeholder('limit')),
);

/** The company's contacts of these ids (missing ones are not the company's, or gone). */
export const findPartyContacts = async (
  db: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, TPartyContact>> => {
  if (ids.length === 0) return new Map();
  const rows = await partyContacts(db, null, { companyId, ids: [...new Set(ids)] });
  return new Map(rows.map((row) => [row.id, row]));
};

/** The ids of at most `limit` contacts whose name holds `text`, for a search of parties by name. */
export const findContactIdsByName = async (db: Queryable, companyId: string, text: string, limit: number) =>
  (await contactIdsByName(db, null, { companyId, pattern: containsPattern(text.toLowerCase()), limit })).map(
    (row) => row.id,
  );
