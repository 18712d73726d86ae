import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';

// The platform's own tables: generated secrets and the shared rate-limit counters.

/** Generated secrets (app token key, identity API keys): made on first start, shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});

/**
 * Rate-limit counters shared by every instance (platform/http/rate-limits.ts): `points` counted in the
 * window ending at `expire`. The key is a hash of the limit's name and what it counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamptz('expire'),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
