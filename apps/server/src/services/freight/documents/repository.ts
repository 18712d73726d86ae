import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { pageOffset, type TPage } from '../../../db/paging.ts';
import { shipmentDocuments, shipmentParties } from '../../../db/schema/index.ts';

// A shipment's documents: their rows only, and the party copies an issue writes on the shipment's
// parties (decision 043 gave `shipment_parties` the columns for it).

export type TDocumentRow = typeof shipmentDocuments.$inferSelect;
export type TDocumentInsert = typeof shipmentDocuments.$inferInsert;

const ofShipment = (companyId: string, shipmentId: string) =>
  and(eq(shipmentDocuments.companyId, companyId), eq(shipmentDocuments.shipmentId, shipmentId));

export const findDocumentPage = async (
  db: Queryable,
  filter: TPage & { companyId: string; shipmentId: string; kind?: string | undefined },
) => {
  const where = and(
    ofShipment(filter.companyId, filter.shipmentId),
    filter.kind ? eq(shipmentDocuments.kind, filter.kind) : undefined,
  );
  const [counted] = await db.select({ total: count() }).from(shipmentDocuments).where(where);
  const rows = await db
    .select()
    .from(shipmentDocuments)
    .where(where)
    .orderBy(desc(shipmentDocuments.createdAt), desc(shipmentDocuments.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  return { rows, total: counted?.total ?? 0 };
};

export const findDocument = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(shipmentDocuments)
    .where(and(ofShipment(companyId, shipmentId), eq(shipmentDocuments.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
};

/** The document whose issued PDF is `fileId`, if any. */
export const findDocumentOfFile = async (db: Queryable, companyId: string, fileId: string) => {
  const [row] = await db
    .select({ kind: shipmentDocuments.kind })
    .from(shipmentDocuments)
    .where(and(eq(shipmentDocuments.companyId, companyId), eq(shipmentDocuments.fileId, fileId)));
  return row;
};

/** The document of a kind still in force (not void, not surrendered for delivery), if any. */
export const findOpenDocument = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  kind: string,
) => {
  const [row] = await db
    .select()
    .from(shipmentDocuments)
    .where(
      and(
        ofShipment(companyId, shipmentId),
        eq(shipmentDocuments.kind, kind),
        sql`${shipmentDocuments.status} not in ('VOID', 'SURRENDER_FOR_DELIVERY')`,
      ),
    );
  return row;
};

export const nextVersion = async (db: Queryable, companyId: string, shipmentId: string, kind: string) => {
  const [row] = await db
    .select({ last: max(shipmentDocuments.version) })
    .from(shipmentDocuments)
    .where(and(ofShipment(companyId, shipmentId), eq(shipmentDocuments.kind, kind)));
  return (row?.last ?? 0) + 1;
};

export const insertDocument = (db: Queryable, row: TDocumentInsert) =>
  db.insert(shipmentDocuments).values(row);

export const updateDocument = async (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<TDocumentInsert>,
) => {
  const [row] = await db
    .update(shipmentDocuments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(shipmentDocuments.companyId, companyId), eq(shipmentDocuments.id, id)))
    .returning();
  return row;
};

/** Keeps each party as the issued document printed it; a later edit of the contact leaves it. */
export const writePartyCopy = (
  db: Queryable,
  key: { companyId: string; shipmentId: string; role: string },
  copy: unknown,
  issuedAt: Date,
) =>
  db
    .update(shipmentParties)
    .set({ issuedCopy: copy, issuedAt })
    .where(
      and(
        eq(shipmentParties.companyId, key.companyId),
        eq(shipmentParties.shipmentId, key.shipmentId),
        eq(shipmentParties.role, key.role),
      ),
    );
