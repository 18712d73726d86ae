import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { shipmentTrackingLinks } from '../../../db/schema/index.ts';

// A shipment's tracking links: at most trackingLinkRules.linksPerShipmentMax a shipment, read whole.

export type TTrackingLinkRow = typeof shipmentTrackingLinks.$inferSelect;
export type TTrackingLinkInsert = typeof shipmentTrackingLinks.$inferInsert;

const ofShipment = (companyId: string, shipmentId: string) =>
  and(eq(shipmentTrackingLinks.companyId, companyId), eq(shipmentTrackingLinks.shipmentId, shipmentId));

/** The shipment's links, newest first. */
export const findLinks = (db: Queryable, companyId: string, shipmentId: string) =>
  db
    .select()
    .from(shipmentTrackingLinks)
    .where(ofShipment(companyId, shipmentId))
    .orderBy(desc(shipmentTrackingLinks.createdAt), desc(shipmentTrackingLinks.id));

/** A link by its id alone: what a presented token names, read inside the company it names. */
export const findLink = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .select()
    .from(shipmentTrackingLinks)
    .where(and(eq(shipmentTrackingLinks.companyId, companyId), eq(shipmentTrackingLinks.id, id)));
  return row;
};

export const countLinks = async (db: Queryable, companyId: string, shipmentId: string) => {
  const [row] = await db
    .select({ total: count() })
    .from(shipmentTrackingLinks)
    .where(ofShipment(companyId, shipmentId));
  return row?.total ?? 0;
};

export const insertLink = async (db: Queryable, row: TTrackingLinkInsert) => {
  const [saved] = await db.insert(shipmentTrackingLinks).values(row).returning();
  return saved as TTrackingLinkRow;
};

export const revokeLink = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  id: string,
  at: Date,
) => {
  const [saved] = await db
    .update(shipmentTrackingLinks)
    .set({ revokedAt: at })
    .where(and(ofShipment(companyId, shipmentId), eq(shipmentTrackingLinks.id, id)))
    .returning();
  return saved;
};
