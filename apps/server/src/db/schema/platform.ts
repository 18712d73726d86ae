import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The platform's own tables: generated secrets and the shared rate-limit counters.

/** Generated secrets (app token key, identity API keys): made on first start, shared by every instance. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance (platform/rate-limits.ts): `points` counted in the
 * window ending at `expire`. The key is a hash of the limit's name and what it counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
