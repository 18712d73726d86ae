import { index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps } from './columns.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// The templates module's tables (services/templates/).

/** A document's page: its size and margins in millimetres. */
export type TTemplatePage = {
  size: 'A4' | 'Letter';
  marginsMm: { top: number; right: number; bottom: number; left: number };
};

/**
 * A company's template: one language of one email or document. Variants of the same template in
 * other languages share its `familyId`. Its text lives in versions; `currentVersionId` is the one
 * in use, and every save adds a version rather than changing one.
 */
export const templates = pgTable(
  'templates',
  {
    ...companyRowColumns(),
    familyId: uuid('family_id').notNull(),
    type: text('type', { enum: ['email', 'document'] }).notNull(),
    purpose: text('purpose').notNull(),
    name: text('name').notNull(),
    /** A language tag (en, de, pt-BR). */
    language: text('language').notNull(),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    currentVersionId: uuid('current_version_id'),
    ...rowTimestamps(),
    /** Who saved the current version last; null for the defaults a company starts with. */
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    companyRowKey(table),
    // An email and a document may share a name: the user picks each from its own list (migration 0055).
    unique('templates_type_name_language').on(table.companyId, table.type, table.name, table.language),
    index('templates_list_idx').on(table.companyId, table.updatedAt),
  ],
);

/** Every saved text of a template, numbered from 1; never changed, only added to. */
export const templateVersions = pgTable(
  'template_versions',
  {
    ...companyRowColumns(),
    templateId: uuid('template_id').notNull(),
    number: integer('number').notNull(),
    /** Email templates only. */
    subject: text('subject'),
    body: text('body').notNull(),
    /** Document templates only. */
    page: jsonb('page').$type<TTemplatePage>(),
    createdAt: createdAtColumn(),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.templateId], templates).onDelete('cascade'),
    unique('template_versions_number').on(table.companyId, table.templateId, table.number),
  ],
);

/**
 * A version used in a mail: its text went out, so the version is kept (a template whose versions
 * were used is archived, never deleted). Written when the composer queues the mail.
 */
export const templateUses = pgTable(
  'template_uses',
  {
    companyId: companyIdColumn(),
    versionId: uuid('version_id').notNull(),
    mailId: uuid('mail_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.versionId, table.mailId] }),
    // A used version cannot go with its template (deleting one is refused before it gets here);
    // checked at the end of the statement, so a company's deletion still takes both.
    companyReference([table.companyId, table.versionId], templateVersions).onDelete('no action'),
  ],
);
