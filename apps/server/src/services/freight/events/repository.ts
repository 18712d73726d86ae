import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { shipmentEvents } from '../../../db/schema/index.ts';

// A shipment's events: read whole (a shipment keeps at most shipmentEventRules.eventsPerShipmentMax),
// added one at a time, never changed. The actual ones a page of shipments reached are read in one
// statement for the list's status.

export type TEventRow = typeof shipmentEvents.$inferSelect;
export type TEventInsert = typeof shipmentEvents.$inferInsert;

const ofShipment = (companyId: string, shipmentId: string) =>
  and(eq(shipmentEvents.companyId, companyId), eq(shipmentEvents.shipmentId, shipmentId));

/** The shipment's events, newest first by when they happen, then by when they were recorded. */
export const findEvents = (db: Queryable, companyId: string, shipmentId: string) =>
  db
    .select()
    .from(shipmentEvents)
    .where(ofShipment(companyId, shipmentId))
    .orderBy(desc(shipmentEvents.eventAt), desc(shipmentEvents.recordedAt), desc(shipmentEvents.id));

export const findEvent = async (db: Queryable, companyId: string, shipmentId: string, id: string) => {
  const [row] = await db
    .select()
    .from(shipmentEvents)
    .where(and(ofShipment(companyId, shipmentId), eq(shipmentEvents.id, id)));
  return row;
};

/** The retraction of an event, if it has one. */
export const findRetractionOf = async (db: Queryable, companyId: string, eventId: string) => {
  const [row] = await db
    .select({ id: shipmentEvents.id })
    .from(shipmentEvents)
    .where(and(eq(shipmentEvents.companyId, companyId), eq(shipmentEvents.retractsEventId, eventId)));
  return row;
};

export const countEvents = async (db: Queryable, companyId: string, shipmentId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(shipmentEvents)
    .where(ofShipment(companyId, shipmentId));
  return row?.total ?? 0;
};

export const insertEvent = async (db: Queryable, row: TEventInsert) => {
  const [saved] = await db.insert(shipmentEvents).values(row).returning();
  return saved as TEventRow;
};

/** The event has no retraction pointing at it (the retraction key's index answers it). */
const isNotRetracted = sql`not exists (select 1 from shipment_events retraction
  where retraction.company_id = ${shipmentEvents.companyId} and retraction.retracts_event_id = ${shipmentEvents.id})`;

/**
 * Each shipment's actual events that stand (neither a retraction nor retracted), one row per code
 * with its latest time, for the codes given: a page's status in one indexed read.
 */
export const findStandingActualEvents = (
  db: Queryable,
  companyId: string,
  shipmentIds: string[],
  codes: string[],
) =>
  shipmentIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          shipmentId: shipmentEvents.shipmentId,
          code: shipmentEvents.eventCode,
          eventAt: sql<Date>`max(${shipmentEvents.eventAt})`.mapWith(shipmentEvents.eventAt),
        })
        .from(shipmentEvents)
        .where(
          and(
            eq(shipmentEvents.companyId, companyId),
            inArray(shipmentEvents.shipmentId, shipmentIds),
            eq(shipmentEvents.classifier, 'ACT'),
            inArray(shipmentEvents.eventCode, codes),
            isNull(shipmentEvents.retractsEventId),
            isNotRetracted,
          ),
        )
        .groupBy(shipmentEvents.shipmentId, shipmentEvents.eventCode);
