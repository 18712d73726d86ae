import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { shipmentReferenceCounters, shipmentReferencePatterns, shipments } from '../../../db/schema/index.ts';

// A company's reference patterns and the numbers its counters have given.

export const findReferencePatterns = (db: Queryable, companyId: string) =>
  db
    .select({ mode: shipmentReferencePatterns.mode, pattern: shipmentReferencePatterns.pattern })
    .from(shipmentReferencePatterns)
    .where(eq(shipmentReferencePatterns.companyId, companyId));

export const saveReferencePattern = (
  db: Queryable,
  row: { companyId: string; mode: 'sea' | 'air'; pattern: string; updatedBy: string },
) =>
  db
    .insert(shipmentReferencePatterns)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [shipmentReferencePatterns.companyId, shipmentReferencePatterns.mode],
      set: { pattern: row.pattern, updatedBy: row.updatedBy, updatedAt: new Date() },
    });

export const findLastNumbers = (db: Queryable, companyId: string) =>
  db
    .select({ scope: shipmentReferenceCounters.scope, lastNumber: shipmentReferenceCounters.lastNumber })
    .from(shipmentReferenceCounters)
    .where(eq(shipmentReferenceCounters.companyId, companyId));

export const isReferenceTaken = async (db: Queryable, companyId: string, reference: string) => {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.reference, reference)))
    .limit(1);
  return Boolean(row);
};
