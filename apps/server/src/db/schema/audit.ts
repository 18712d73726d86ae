import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyRowKey, timestamptz } from './columns.ts';
import { companyRowColumns } from './tenancy.ts';

// The audit trail: written through platform/events/audit.ts, read by audit.

/**
 * Append-only history of changes and security events (audit). Written in the same transaction
 * as the change it records; the request role may insert and read, never update or delete.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    ...companyRowColumns(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** Null for events without a signed-in actor (failed sign-in). */
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    /** The API token the actor used (migration 0042); null for a signed-in session. */
    actorApiTokenId: uuid('actor_api_token_id'),
    actorApiTokenName: text('actor_api_token_name'),
    /** e.g. user, role, group, company, file, session. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** create | update | delete, or a security event such as sign-in, sign-in-failed, suspend. */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
  },
  (table) => [
    companyRowKey(table),
    index('audit_events_entity_idx').on(table.companyId, table.entityType, table.entityId, table.occurredAt),
    // The list's own order (newest first, ids breaking ties), so a page is read from the index
    // without sorting the company's whole trail; from/to filters use its prefix.
    index('audit_events_company_order_idx').on(
      table.companyId,
      table.occurredAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
