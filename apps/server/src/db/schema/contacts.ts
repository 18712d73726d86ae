import {
  contactRoles,
  type TContactAddress,
  type TContactEmail,
  type TContactPhone,
} from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps, timestamptz } from './columns.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// The contacts module's tables (services/contacts/).

/** The contact columns, for the table and for the view of one company's contacts. */
const contactColumns = () => ({
  ...companyRowColumns(),
  kind: text('kind', { enum: ['organisation', 'person'] }).notNull(),
  name: text('name').notNull(),
  /** A person's organisation. Deleting an organisation detaches its people first. */
  organisationId: uuid('organisation_id'),
  jobTitle: text('job_title'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The roles again as bits, 1 << the role's place in `contactRoles` (`contactRoleBit`): the list's
   * role filter tests this integer, which rides in every sort index (migration 0052), rather than
   * the array, whose test costs twice as much on each of the thousands of entries page 200 walks.
   */
  roleBits: integer('role_bits')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        contactRoles
          .map((role, place) => `(case when '${role}' = any(roles) then ${1 << place} else 0 end)`)
          .join(' | '),
      ),
    ),
  emails: jsonb('emails').$type<TContactEmail[]>().notNull().default([]),
  phones: jsonb('phones').$type<TContactPhone[]>().notNull().default([]),
  addresses: jsonb('addresses').$type<TContactAddress[]>().notNull().default([]),
  taxNumber: text('tax_number'),
  notes: text('notes'),
  /** A user of the company; a user who leaves is shown as nobody. */
  ownerId: uuid('owner_id'),
  ...rowTimestamps(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  // Derived on write:
  primaryEmail: text('primary_email'),
  primaryPhone: text('primary_phone'),
  city: text('city'),
  countryCode: text('country_code'),
  /** Every e-mail, lower-cased: duplicates are found by overlap. */
  emailKeys: text('email_keys').array().notNull().default(sql`'{}'::text[]`),
  /** Every address's country. */
  countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
  /** The tax number with only its letters and digits, upper-cased. */
  taxKey: text('tax_key'),
  /** Names, e-mails, phones, cities and tax number, lower-cased, for trigram search. */
  searchText: text('search_text').notNull(),
  /**
   * The words of `search_text`, split at spaces and punctuation by the database itself, so a
   * search finds a contact by whole words and by words like them (contacts/search.ts).
   */
  searchWords: text('search_words')
    .array()
    .notNull()
    .generatedAlwaysAs(sql`array_remove(regexp_split_to_array(search_text, '[[:space:][:punct:]]+'), '')`),
});

/**
 * An organisation or a person the company works with. E-mails, phones and addresses are kept on the
 * row as the user wrote them; the columns after them are derived from those on every write
 * (`contacts/contact-row.ts`) so lists filter, sort and search on indexed columns.
 */
export const contacts = pgTable('contacts', contactColumns(), (table) => [
  companyRowKey(table),
  companyReference([table.companyId, table.organisationId], table),
  // One per sortable column, each ending in the id that breaks ties; each carries the filters'
  // columns too (migration 0052), which drizzle's schema cannot say.
  index('contacts_name_idx').on(table.companyId, table.name, table.id),
  index('contacts_city_idx').on(table.companyId, table.city, table.id),
  index('contacts_country_idx').on(table.companyId, table.countryCode, table.id),
  index('contacts_created_idx').on(table.companyId, table.createdAt, table.id),
  index('contacts_updated_idx').on(table.companyId, table.updatedAt, table.id),
  index('contacts_organisation_idx').on(table.companyId, table.organisationId),
  index('contacts_owner_idx').on(table.companyId, table.ownerId),
  index('contacts_country_codes_idx').using('gin', table.countryCodes),
  index('contacts_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  index('contacts_search_words_idx').using('gin', table.searchWords),
]);

/**
 * Every word of a company's contacts that a misspelling may be near (letters only, three or more),
 * kept by a trigger on contacts (migration 0038): a search looks a mistyped word up here, among a
 * few thousand words, rather than in a million contacts. A word no contact holds any more stays;
 * it finds nothing.
 */
const contactWordColumns = () => ({
  companyId: companyIdColumn(),
  word: text('word').notNull(),
});

export const contactWords = pgTable('contact_words', contactWordColumns(), (table) => [
  primaryKey({ columns: [table.companyId, table.word] }),
  index('contact_words_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
]);

/**
 * Every e-mail (`email:…`) and tax key (`tax:…`) of every contact, kept by triggers on contacts
 * (migrations 0038 and 0039): an import matches a thousand rows, and the duplicate check one, with
 * equality lookups in a btree, which row-level security lets PostgreSQL use. No foreign key to
 * `contacts`: only the triggers write here, and the trigger on delete removes a contact's keys.
 * A key constraint checked each new key with a plan made when the company had no contacts, a
 * scan of the table per key, so a first import into an empty company slowed row by row.
 */
export const contactKeys = pgTable(
  'contact_keys',
  {
    companyId: companyIdColumn(),
    key: text('key').notNull(),
    contactId: uuid('contact_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.key, table.contactId] })],
);

/**
 * What the list needs of each contact, once per role it holds, kept by triggers on contacts
 * (migration 0053): a page of one role walks that role's entries alone, in the sort column's index,
 * rather than every contact's entry of the company tested for its bit. A role is its bit in
 * `role_bits`. The list's filter columns ride along, so other filters narrow the same walk. Only
 * the triggers write here. docs/decisions/029-contacts-listed-by-role.md.
 */
const contactByRoleColumns = () => ({
  companyId: companyIdColumn(),
  roleBit: integer('role_bit').notNull(),
  /** The contact's id. */
  id: uuid('id').notNull(),
  kind: text('kind', { enum: ['organisation', 'person'] }).notNull(),
  name: text('name').notNull(),
  city: text('city'),
  countryCode: text('country_code'),
  countryCodes: text('country_codes').array().notNull(),
  ownerId: uuid('owner_id'),
  organisationId: uuid('organisation_id'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const contactsByRole = pgTable('contacts_by_role', contactByRoleColumns(), (table) => [
  primaryKey({ columns: [table.companyId, table.id, table.roleBit] }),
  // One per indexed sort of contacts, each carrying the filters' columns (migration 0053).
  index('contacts_by_role_name_idx').on(table.companyId, table.roleBit, table.name, table.id),
  index('contacts_by_role_city_idx').on(table.companyId, table.roleBit, table.city, table.id),
  index('contacts_by_role_country_idx').on(table.companyId, table.roleBit, table.countryCode, table.id),
  index('contacts_by_role_created_idx').on(table.companyId, table.roleBit, table.createdAt, table.id),
  index('contacts_by_role_updated_idx').on(table.companyId, table.roleBit, table.updatedAt, table.id),
]);

/** The role entries of the transaction's company, read as `tenantContacts` is (migration 0053). */
export const tenantContactsByRole = pgView('tenant_contacts_by_role', contactByRoleColumns()).existing();

/**
 * The contacts of the company the transaction is for (migration 0038), read by the list and the
 * search. The view holds row-level security's own condition, so it shows exactly what the policy
 * would; read through it, PostgreSQL may use the search and filter indexes, which it does not for
 * the non-leakproof operators (`&&`, `@>`, `like`) under a policy. Writes go to `contacts`.
 * docs/decisions/015-contact-search-by-words.md.
 */
export const tenantContacts = pgView('tenant_contacts', contactColumns()).existing();

export const contactTags = pgTable(
  'contact_tags',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    uniqueIndex('contact_tags_name').on(table.companyId, sql`lower(${table.name})`),
  ],
);

export const contactTagLinks = pgTable(
  'contact_tag_links',
  {
    companyId: companyIdColumn(),
    contactId: uuid('contact_id').notNull(),
    tagId: uuid('tag_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.contactId, table.tagId] }),
    index('contact_tag_links_tag_idx').on(table.companyId, table.tagId, table.contactId),
    companyReference([table.companyId, table.contactId], contacts).onDelete('cascade'),
    companyReference([table.companyId, table.tagId], contactTags).onDelete('cascade'),
  ],
);

/** The company's last import mapping: the field each header name went to, offered next time. */
export const contactImportMappings = pgTable('contact_import_mappings', {
  companyId: companyIdColumn().primaryKey(),
  fieldsByHeader: jsonb('fields_by_header').$type<Record<string, string>>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** The dictionary of the transaction's company, read as `tenantContacts` is (migration 0038). */
export const tenantContactWords = pgView('tenant_contact_words', contactWordColumns()).existing();
