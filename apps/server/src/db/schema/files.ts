import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyIdColumn } from './tenancy.ts';

// driveserver's table.

/** Uploaded files' metadata; the bytes live in the file store (platform/file-store.ts) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    companyId: companyIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, not taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What the file is for: avatar, logo, attachment. */
    purpose: text('purpose').notNull().default('attachment'),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('files_company_created_idx').on(table.companyId, table.createdAt),
  ],
);
