import { listCountCap, type TShipmentPartyRole } from '@cargodesk/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { pageOffset, type TPage } from '../../../db/paging.ts';
import { shipmentParties, shipmentReferenceCounters, shipments } from '../../../db/schema/index.ts';

// The shipments' queries: the rows, their parties, the list's page and the reference counters.

export type TShipmentRow = typeof shipments.$inferSelect;
export type TShipmentInsert = typeof shipments.$inferInsert;
export type TPartyRow = typeof shipmentParties.$inferSelect;

/** Booking statuses after which a shipment is no longer under way: it cannot be late. */
const closedStatuses = ['REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED'];

export const shipmentSortColumns = {
  reference: shipments.reference,
  createdAt: shipments.createdAt,
  updatedAt: shipments.updatedAt,
  plannedDeparture: shipments.plannedDeparture,
  plannedArrival: shipments.plannedArrival,
} as const;
export type TShipmentSortField = keyof typeof shipmentSortColumns;

export type TShipmentFilter = TPage & {
  companyId: string;
  /** Lower-cased search text, matched in reference, bill and air waybill numbers. */
  q?: string;
  /** Contacts whose name matched the search: their shipments match too. */
  partyIdsOfSearch?: string[];
  mode?: string;
  direction?: string;
  bookingStatus?: string;
  portOfLoading?: string;
  portOfDischarge?: string;
  partyId?: string;
  departureFrom?: Date;
  departureTo?: Date;
  arrivalFrom?: Date;
  arrivalTo?: Date;
  arrivingBetween?: { from: Date; to: Date };
  departingBetween?: { from: Date; to: Date };
  lateAt?: Date;
  sort: { field: TShipmentSortField; isDescending: boolean };
};

const withParty = (companyId: string, contactIds: string[]) =>
  sql`exists (select 1 from ${shipmentParties} where ${shipmentParties.companyId} = ${companyId}
    and ${shipmentParties.shipmentId} = ${shipments.id}
    and (${inArray(shipmentParties.organisationId, contactIds)} or ${inArray(shipmentParties.personId, contactIds)}))`;

const filterConditions = (filter: TShipmentFilter): SQL | undefined => {
  const arrival = sql`coalesce(${shipments.actualArrival}, ${shipments.plannedArrival})`;
  const departure = sql`coalesce(${shipments.actualDeparture}, ${shipments.plannedDeparture})`;
  const search = filter.q
    ? or(
        sql`${shipments.searchText} like ${containsPattern(filter.q)}`,
        filter.partyIdsOfSearch?.length ? withParty(filter.companyId, filter.partyIdsOfSearch) : undefined,
      )
    : undefined;
  return and(
    eq(shipments.companyId, filter.companyId),
    search,
    filter.mode ? eq(shipments.mode, filter.mode as TShipmentRow['mode']) : undefined,
    filter.direction ? eq(shipments.direction, filter.direction as TShipmentRow['direction']) : undefined,
    filter.bookingStatus ? eq(shipments.bookingStatus, filter.bookingStatus) : undefined,
    filter.portOfLoading ? eq(shipments.portOfLoading, filter.portOfLoading) : undefined,
    filter.portOfDischarge ? eq(shipments.portOfDischarge, filter.portOfDischarge) : undefined,
    filter.partyId ? withParty(filter.companyId, [filter.partyId]) : undefined,
    filter.departureFrom ? gte(shipments.plannedDeparture, filter.departureFrom) : undefined,
    filter.departureTo ? lte(shipments.plannedDeparture, filter.departureTo) : undefined,
    filter.arrivalFrom ? gte(shipments.plannedArrival, filter.arrivalFrom) : undefined,
    filter.arrivalTo ? lte(shipments.plannedArrival, filter.arrivalTo) : undefined,
    filter.arrivingBetween
      ? sql`${arrival} >= ${filter.arrivingBetween.from} and ${arrival} < ${filter.arrivingBetween.to}`
      : undefined,
    filter.departingBetween
      ? sql`${departure} >= ${filter.departingBetween.from} and ${departure} < ${filter.departingBetween.to}`
      : undefined,
    filter.lateAt
      ? and(
          lt(shipments.plannedArrival, filter.lateAt),
          isNull(shipments.actualArrival),
          sql`${shipments.bookingStatus} not in (${sql.join(
            closedStatuses.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        )
      : undefined,
  );
};

/** A page of the filter, and how many match (counted up to the list kit's cap and one beyond). */
export const findShipmentPage = async (db: Queryable, filter: TShipmentFilter) => {
  const where = filterConditions(filter);
  const column = shipmentSortColumns[filter.sort.field];
  const order = filter.sort.isDescending ? desc : asc;
  const rows = await db
    .select()
    .from(shipments)
    .where(where)
    // Nulls (no planned date yet) last either way; the id breaks ties so pages never overlap.
    .orderBy(sql`${column} is null`, order(column), order(shipments.id))
    .limit(filter.pageSize)
    .offset(pageOffset(filter));
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(
    sql`(${db
      .select({ one: sql`1` })
      .from(shipments)
      .where(where)
      .limit(listCountCap + 1)}) as matching`,
  );
  return { rows, total: counted?.total ?? 0 };
};

export const findShipment = async (
  db: Queryable,
  companyId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
};

export const insertShipment = (db: Queryable, row: TShipmentInsert) => db.insert(shipments).values(row);

/** Several new shipments at once (the demo company's). */
export const insertShipments = (db: Queryable, rows: TShipmentInsert[]) => db.insert(shipments).values(rows);

/** Parties of new shipments at once (the demo company's). */
export const insertParties = async (db: Queryable, rows: (typeof shipmentParties.$inferInsert)[]) => {
  if (rows.length > 0) await db.insert(shipmentParties).values(rows);
};

/** Writes the changes and answers the row as it now is (none when no such shipment). */
export const updateShipment = async (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<TShipmentInsert>,
): Promise<TShipmentRow | undefined> => {
  const [row] = await db
    .update(shipments)
    .set(changes)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.id, id)))
    .returning();
  return row;
};

export const findParties = (db: Queryable, companyId: string, shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([] as TPartyRow[])
    : db
        .select()
        .from(shipmentParties)
        .where(
          and(eq(shipmentParties.companyId, companyId), inArray(shipmentParties.shipmentId, shipmentIds)),
        );

/** Sets one role's party, or removes it (`null`). */
export const setParty = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  role: TShipmentPartyRole,
  party: { organisationId: string; personId: string | null } | null,
) => {
  await db
    .delete(shipmentParties)
    .where(
      and(
        eq(shipmentParties.companyId, companyId),
        eq(shipmentParties.shipmentId, shipmentId),
        eq(shipmentParties.role, role),
      ),
    );
  if (party) await db.insert(shipmentParties).values({ companyId, shipmentId, role, ...party });
};

/**
 * The next number of a reference scope, taken under the counter row's lock until the transaction
 * ends: concurrent creations on any instance wait in turn, and a rolled-back one gives its number
 * back with everything else it wrote, so numbers are gapless and never given twice.
 */
export const takeReferenceNumber = async (db: Queryable, companyId: string, scope: string) => {
  const [row] = await db
    .insert(shipmentReferenceCounters)
    .values({ companyId, scope, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [shipmentReferenceCounters.companyId, shipmentReferenceCounters.scope],
      set: { lastNumber: sql`${shipmentReferenceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: shipmentReferenceCounters.lastNumber });
  if (!row) throw new Error('The reference counter returned no row');
  return row.lastNumber;
};

/** A master's houses, by reference. */
export const findHouses = (db: Queryable, companyId: string, masterId: string) =>
  db
    .select({ id: shipments.id, reference: shipments.reference })
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.masterId, masterId)))
    .orderBy(asc(shipments.reference));
