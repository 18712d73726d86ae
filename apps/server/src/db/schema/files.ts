import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyRowKey, createdAtColumn } from './columns.ts';
import { companyRowColumns } from './tenancy.ts';

// files's table.

/** Uploaded files' metadata; the bytes live in the file store (platform/files/file-store.ts) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, not taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** What the file is for: avatar, logo, attachment. */
    purpose: text('purpose').notNull().default('attachment'),
    uploadedBy: uuid('uploaded_by'),
    /**
     * What keeps the file from being deleted: an issued shipment document is its PDF, re-printed
     * from it for good (migration 0070, decision 049). Null for an ordinary file.
     */
    keptFor: text('kept_for'),
    createdAt: createdAtColumn(),
  },
  (table) => [companyRowKey(table), index('files_company_created_idx').on(table.companyId, table.createdAt)],
);
