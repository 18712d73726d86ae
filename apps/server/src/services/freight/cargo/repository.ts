import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { compiledStatement } from '../../../db/compiled-statement.ts';
import { shipmentCargoLines, shipmentContainers } from '../../../db/schema/index.ts';

// A shipment's cargo lines and containers: read for one or more shipments (a master and its
// houses), and replaced as a whole in the transaction that changes the shipment.

export type TCargoLineRow = typeof shipmentCargoLines.$inferSelect;
export type TContainerRow = typeof shipmentContainers.$inferSelect;
export type TCargoLineInsert = Omit<
  typeof shipmentCargoLines.$inferInsert,
  'companyId' | 'shipmentId' | 'position'
>;
export type TContainerInsert = Omit<
  typeof shipmentContainers.$inferInsert,
  'companyId' | 'shipmentId' | 'position'
>;

// The shipments' cargo, read for the shipment screen on every view: compiled once (decision 027),
// the ids an array placeholder.
const ofShipments = <TTable extends typeof shipmentCargoLines | typeof shipmentContainers>(table: TTable) =>
  and(
    eq(table.companyId, sql.placeholder('companyId')),
    sql`${table.shipmentId} = any(${sql.placeholder('shipmentIds')})`,
  );

const cargoLinesOf = compiledStatement<null, TCargoLineRow>(
  (db) =>
    db
      .select()
      .from(shipmentCargoLines)
      .where(ofShipments(shipmentCargoLines))
      .orderBy(asc(shipmentCargoLines.shipmentId), asc(shipmentCargoLines.position)),
  { planOf: () => 'once' },
);

const containersOf = compiledStatement<null, TContainerRow>(
  (db) =>
    db
      .select()
      .from(shipmentContainers)
      .where(ofShipments(shipmentContainers))
      .orderBy(asc(shipmentContainers.shipmentId), asc(shipmentContainers.position)),
  { planOf: () => 'once' },
);

export const findCargoLines = (db: Queryable, companyId: string, shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([] as TCargoLineRow[])
    : cargoLinesOf(db, null, { companyId, shipmentIds });

export const findContainers = (db: Queryable, companyId: string, shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([] as TContainerRow[])
    : containersOf(db, null, { companyId, shipmentIds });

/** Replaces the shipment's lines and containers with these, in their order. */
export const replaceCargo = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  lines: TCargoLineInsert[],
  containers: TContainerInsert[],
) => {
  const ofShipment = <TTable extends typeof shipmentCargoLines | typeof shipmentContainers>(table: TTable) =>
    and(eq(table.companyId, companyId), eq(table.shipmentId, shipmentId));
  await db.delete(shipmentCargoLines).where(ofShipment(shipmentCargoLines));
  await db.delete(shipmentContainers).where(ofShipment(shipmentContainers));
  if (lines.length > 0)
    await db
      .insert(shipmentCargoLines)
      .values(lines.map((line, index) => ({ ...line, companyId, shipmentId, position: index + 1 })));
  if (containers.length > 0)
    await db
      .insert(shipmentContainers)
      .values(
        containers.map((container, index) => ({ ...container, companyId, shipmentId, position: index + 1 })),
      );
};

/** Cargo lines and containers of several new shipments at once (the demo company's). */
export const insertCargo = async (
  db: Queryable,
  lines: (typeof shipmentCargoLines.$inferInsert)[],
  containers: (typeof shipmentContainers.$inferInsert)[],
) => {
  if (lines.length > 0) await db.insert(shipmentCargoLines).values(lines);
  if (containers.length > 0) await db.insert(shipmentContainers).values(containers);
};
