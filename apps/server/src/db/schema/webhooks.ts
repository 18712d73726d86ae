import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps, timestamptz } from './columns.ts';
import { companyRowColumns } from './tenancy.ts';

// A company's webhooks (services/freight/webhooks/, docs/decisions/052-webhooks.md).

/** An https address that receives the company's shipment events of the types it asked for. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...companyRowColumns(),
    url: text('url').notNull(),
    /** DCSA event types: TRANSPORT, EQUIPMENT, SHIPMENT. */
    eventTypes: text('event_types').array().notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** The signing secret, sealed (platform/auth/sealed-secrets.ts): the server must read it to sign. */
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by'),
    ...rowTimestamps(),
  },
  (table) => [companyRowKey(table)],
);

/**
 * The outbox: one row per event and endpoint, written in the event's own transaction. Its id is the
 * `Webhook-Id` every retry and replay carries. The worker claims rows with FOR UPDATE SKIP LOCKED.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...companyRowColumns(),
    endpointId: uuid('endpoint_id').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent: DCSA Track & Trace 2.2's event, as it was when the event was recorded. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'delivering', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.endpointId], webhookEndpoints).onDelete('cascade'),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.companyId, table.endpointId, table.createdAt),
  ],
);

/** The delivery log: one row per attempt, only ever added to. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    ...companyRowColumns(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().default(sql`now()`),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    isSuccess: boolean('is_success').notNull(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.deliveryId], webhookDeliveries).onDelete('cascade'),
    index('webhook_delivery_attempts_delivery_idx').on(table.companyId, table.deliveryId, table.attemptedAt),
  ],
);
