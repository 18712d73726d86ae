import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyRowKey, createdAtColumn } from './columns.ts';
import { companyRowColumns } from './tenancy.ts';

// Saved filters of the list screens (platform/saved-filters/, docs/decisions/045-saved-filters.md).

/** A list's search, filters and sort kept under a name: the user's own, or shared with the company. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    ...companyRowColumns(),
    /** The list it belongs to: `contacts` or `shipments`. */
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's query as the address carries it (q, filters, sort). */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    index('saved_filters_owner_idx').on(table.companyId, table.list, table.ownerId),
  ],
);
