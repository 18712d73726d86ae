import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { contacts, tenantContacts } from '../../db/schema/index.ts';
import { contactIdsWithKeys, keysOf } from './duplicates-repository.ts';
import { organisationJoin, organisations } from './repository.ts';

// Contacts as other modules see them: mail recipients, and a contact found by its e-mail for a template.

/** Contacts with an e-mail whose name, e-mail, phone or city holds `q`, by name. */
export const findContactRecipients = (db: Queryable, companyId: string, q: string, limit: number) =>
  db
    .select({ name: tenantContacts.name, email: tenantContacts.primaryEmail })
    .from(tenantContacts)
    .where(
      and(
        eq(tenantContacts.companyId, companyId),
        sql`${tenantContacts.primaryEmail} is not null`,
        q ? sql`${tenantContacts.searchText} like ${containsPattern(q.toLowerCase())}` : undefined,
      ),
    )
    .orderBy(asc(tenantContacts.name), asc(tenantContacts.id))
    .limit(limit) as Promise<{ name: string; email: string }[]>;

/**
 * The contact a mail goes to, found by its e-mail: the one changed last when several share it. A
 * template fills its `contact` variables from it.
 */
export const findContactByEmail = async (db: Queryable, companyId: string, emailKey: string) => {
  const found = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        inArray(contacts.id, contactIdsWithKeys(db, companyId, keysOf([emailKey], []))),
      ),
    )
    .orderBy(desc(contacts.updatedAt), asc(contacts.id))
    .limit(1);
  const [row] = await db
    .select({ contact: contacts, organisationName: organisations.name })
    .from(contacts)
    .leftJoin(organisations, organisationJoin)
    .where(and(eq(contacts.companyId, companyId), sql`${contacts.id} = (${found})`));
  return row;
};

/** Contacts by id with their organisation's name: a shipment's parties as its documents print them. */
export const findContactsByIds = (db: Queryable, companyId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ contact: contacts, organisationName: organisations.name })
        .from(contacts)
        .leftJoin(organisations, organisationJoin)
        .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, [...new Set(ids)])));
