import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { shipmentCharges } from '../../../db/schema/index.ts';

// A shipment's buy and sell lines: read in their order, and replaced as a whole in the transaction
// that changes them.

export type TChargeRow = typeof shipmentCharges.$inferSelect;
export type TChargeInsert = Omit<
  typeof shipmentCharges.$inferInsert,
  'companyId' | 'shipmentId' | 'position'
>;

const ofShipment = (companyId: string, shipmentId: string) =>
  and(eq(shipmentCharges.companyId, companyId), eq(shipmentCharges.shipmentId, shipmentId));

export const findCharges = (db: Queryable, companyId: string, shipmentId: string) =>
  db
    .select()
    .from(shipmentCharges)
    .where(ofShipment(companyId, shipmentId))
    .orderBy(asc(shipmentCharges.position));

/** Replaces the shipment's lines with these, in their order. */
export const replaceCharges = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  lines: TChargeInsert[],
) => {
  await db.delete(shipmentCharges).where(ofShipment(companyId, shipmentId));
  if (lines.length > 0)
    await db
      .insert(shipmentCharges)
      .values(lines.map((line, index) => ({ ...line, companyId, shipmentId, position: index + 1 })));
};
