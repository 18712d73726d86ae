import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, timestamptz } from './columns.ts';
import { users } from './iam.ts';
import { companyRowColumns } from './tenancy.ts';

/**
 * The general notifications of docs/product.md §3 ({companyId}/general-notification/{userId}): one row per
 * recipient. Ids are UUID v7, so ordering by id is ordering by creation time; the stream resumes
 * after the last id a client saw (docs/architecture.md).
 */
export const notifications = pgTable(
  'notifications',
  {
    ...companyRowColumns(),
    userId: uuid('user_id').notNull(),
    /** What happened: one of notificationKinds (user-invited, announcement, file-shared, …). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** An in-app path the notification opens, such as /settings/users/{id}. */
    link: text('link'),
    /** docs/product.md §3: 'new' is unread, 'loaded' has been opened or marked read. */
    status: text('status', { enum: ['new', 'loaded'] })
      .notNull()
      .default('new'),
    createdAt: createdAtColumn(),
    loadedAt: timestamptz('loaded_at'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
    index('notifications_user_idx').on(table.companyId, table.userId, table.id),
    index('notifications_user_status_idx').on(table.companyId, table.userId, table.status, table.id),
  ],
);
