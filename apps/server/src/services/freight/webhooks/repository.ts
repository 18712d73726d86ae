import { and, arrayContains, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { pageOffset, type TPage } from '../../../db/paging.ts';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../../db/schema/index.ts';

// The webhooks' queries: endpoints, the deliveries of one endpoint (the log's page) and their
// attempts. The worker's claim and settle are its own (delivery-worker.ts): they read across companies.

export type TEndpointRow = typeof webhookEndpoints.$inferSelect;
export type TDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type TAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

const endpointKey = (companyId: string, id: string) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

export const findEndpoints = (db: Queryable, companyId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);

export const countEndpoints = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return row?.total ?? 0;
};

export const findEndpoint = async (db: Queryable, companyId: string, id: string, forUpdate = false) => {
  const query = db.select().from(webhookEndpoints).where(endpointKey(companyId, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
};

export const insertEndpoint = async (db: Queryable, row: typeof webhookEndpoints.$inferInsert) => {
  const [saved] = await db.insert(webhookEndpoints).values(row).returning();
  return saved as TEndpointRow;
};

export const updateEndpoint = async (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
) => {
  const [saved] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(endpointKey(companyId, id))
    .returning();
  return saved as TEndpointRow;
};

export const deleteEndpoint = (db: Queryable, companyId: string, id: string) =>
  db.delete(webhookEndpoints).where(endpointKey(companyId, id));

/** The company's active endpoints that asked for this event type. */
export const findSubscribedEndpoints = (db: Queryable, companyId: string, eventType: string) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, companyId),
        eq(webhookEndpoints.isActive, true),
        arrayContains(webhookEndpoints.eventTypes, [eventType]),
      ),
    );

/** Queues deliveries; no `returning`, as the request role need not read them back. */
export const insertDeliveries = async (db: Queryable, rows: (typeof webhookDeliveries.$inferInsert)[]) => {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
};

const ofEndpoint = (companyId: string, endpointId: string) =>
  and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.endpointId, endpointId));

export const findDeliveryPage = async (db: Queryable, companyId: string, endpointId: string, page: TPage) => {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(ofEndpoint(companyId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(ofEndpoint(companyId, endpointId));
  return { rows, total: total?.total ?? 0 };
};

export const findDelivery = async (db: Queryable, companyId: string, endpointId: string, id: string) => {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(ofEndpoint(companyId, endpointId), eq(webhookDeliveries.id, id)))
    .for('update');
  return row;
};

export const findAttempts = (db: Queryable, companyId: string, deliveryIds: string[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          and(
            eq(webhookDeliveryAttempts.companyId, companyId),
            inArray(webhookDeliveryAttempts.deliveryId, deliveryIds),
          ),
        )
        .orderBy(desc(webhookDeliveryAttempts.attemptedAt), desc(webhookDeliveryAttempts.id));

/** Queues a delivery again, at once: a replay starts its count of attempts anew. */
export const requeueDelivery = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)))
    .returning();
  return row as TDeliveryRow;
};
