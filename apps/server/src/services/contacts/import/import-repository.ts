import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { contactImportMappings, contacts, contactTagLinks } from '../../../db/schema/index.ts';
import { contactIdsWithKeys, keysOf } from '../duplicates-repository.ts';

// What the contacts import reads and keeps: organisations by name, matches by key, the last column mapping.

/** The company's organisations named one of `lowerNames` (case aside), oldest first per name. */
export const findOrganisationsByName = async (db: Queryable, companyId: string, lowerNames: string[]) => {
  if (lowerNames.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        eq(contacts.kind, 'organisation'),
        inArray(sql`lower(${contacts.name})`, lowerNames),
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
  const byName = new Map<string, string>();
  for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row.id);
  return byName;
};

/**
 * Contacts holding one of these e-mails or tax numbers: an imported row updates the one it matches.
 * A thousand keys are a thousand equality lookups in the key index.
 */
export const findMatches = async (
  db: Queryable,
  companyId: string,
  emailKeys: string[],
  taxKeys: string[],
) => {
  const keys = keysOf(emailKeys, taxKeys);
  if (keys.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.companyId, companyId), inArray(contacts.id, contactIdsWithKeys(db, companyId, keys))),
    );
};

/** Tag links to add, skipping those a contact already has. */
export const linkTags = async (
  db: Queryable,
  companyId: string,
  links: { contactId: string; tagId: string }[],
) => {
  if (links.length === 0) return;
  await db
    .insert(contactTagLinks)
    .values(links.map((link) => ({ companyId, ...link })))
    .onConflictDoNothing();
};

export const findImportMapping = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ fieldsByHeader: contactImportMappings.fieldsByHeader })
    .from(contactImportMappings)
    .where(eq(contactImportMappings.companyId, companyId));
  return row?.fieldsByHeader ?? {};
};

export const saveImportMapping = (db: Queryable, companyId: string, fieldsByHeader: Record<string, string>) =>
  db
    .insert(contactImportMappings)
    .values({ companyId, fieldsByHeader })
    .onConflictDoUpdate({
      target: contactImportMappings.companyId,
      set: { fieldsByHeader, updatedAt: new Date() },
    });
