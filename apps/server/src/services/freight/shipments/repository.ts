import type { TShipmentPartyRole } from '@cargodesk/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { pageOffset, slidingCountCap, type TPage } from '../../../db/paging.ts';
import {
  closedBookingStatuses,
  shipmentParties,
  shipmentReferenceCounters,
  shipments,
  tenantShipmentSearchWords,
  tenantShipments,
} from '../../../db/schema/index.ts';

// The shipments' queries: the rows, their parties, the list's page, the counts and the reference
// counters. The list and the counts read `tenant_shipments` (migration 0063), so their `like` and
// filters may use the indexes under row-level security; writes and single rows use `shipments`.

export type TShipmentRow = typeof shipments.$inferSelect;
export type TShipmentInsert = typeof shipments.$inferInsert;
export type TPartyRow = typeof shipmentParties.$inferSelect;

const listed = tenantShipments;

export const shipmentSortColumns = {
  reference: listed.reference,
  createdAt: listed.createdAt,
  updatedAt: listed.updatedAt,
  plannedDeparture: listed.plannedDeparture,
  plannedArrival: listed.plannedArrival,
} as const;

/** Sorts whose column may be empty: those shipments come last either way. */
const nullableSortFields = new Set<TShipmentSortField>(['plannedDeparture', 'plannedArrival']);
export type TShipmentSortField = keyof typeof shipmentSortColumns;

export type TShipmentFilter = TPage & {
  companyId: string;
  /** Lower-cased search text, matched in reference, bill and air waybill numbers and containers. */
  q?: string;
  /** `word`: a word of the numbers begins with it (the words' key); `contains`: found anywhere (trigram). */
  searchBy?: 'word' | 'contains';
  /** Contacts whose name matched the search: their shipments match too. */
  partyIdsOfSearch?: string[];
  mode?: string;
  direction?: string;
  consolidation?: TShipmentRow['consolidation'];
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

/** Shipments where one of the contacts holds any role. */
const withParty = (companyId: string, contactIds: string[]) =>
  sql`exists (select 1 from ${shipmentParties} where ${shipmentParties.companyId} = ${companyId}
    and ${shipmentParties.shipmentId} = ${listed.id}
    and (${inArray(shipmentParties.organisationId, contactIds)} or ${inArray(shipmentParties.personId, contactIds)}))`;

/** The date an arrival or departure counts by: the actual one once known, else the planned one (indexed). */
const arrivalAt = sql`coalesce(${listed.actualArrival}, ${listed.plannedArrival})`;
const departureAt = sql`coalesce(${listed.actualDeparture}, ${listed.plannedDeparture})`;

const between = (at: SQL, { from, to }: { from: Date; to: Date }) => sql`${at} >= ${from} and ${at} < ${to}`;

/**
 * Planned arrival passed, no actual arrival, booking still under way. The statuses are written as
 * constants, so the condition is the late index's own and a kept plan still uses it.
 */
const lateAt = (now: Date) =>
  and(
    lt(listed.plannedArrival, now),
    isNull(listed.actualArrival),
    sql.raw(`"booking_status" not in (${closedBookingStatuses.map((status) => `'${status}'`).join(', ')})`),
  );

/** The first text after every text `prefix` begins, in code point (bytewise UTF-8) order. */
const afterPrefix = (prefix: string) => {
  const characters = Array.from(prefix);
  const last = characters.pop()?.codePointAt(0) ?? 0;
  return characters.join('') + String.fromCodePoint(last + 1);
};

/** The ids of shipments one of whose numbers begins with `q`: a range of the words' key (decision 044). */
const numbersBeginning = (q: string) =>
  sql`select ${tenantShipmentSearchWords.shipmentId} from ${tenantShipmentSearchWords}
    where ${tenantShipmentSearchWords.word} >= ${q} and ${tenantShipmentSearchWords.word} < ${afterPrefix(q)}`;

/**
 * The search: shipments one of whose numbers begins with the text (or, `contains`, holds it
 * anywhere: the trigram index's `like`) and, when contacts' names matched, their shipments too. The
 * two are joined as one id set, so each side keeps its index rather than the whole company being
 * walked to test an `or`.
 */
const searchCondition = (filter: TShipmentFilter) => {
  if (!filter.q) return undefined;
  const matching =
    filter.searchBy === 'contains'
      ? sql`select ${listed.id} from ${listed} where ${listed.searchText} like ${containsPattern(filter.q)}`
      : numbersBeginning(filter.q);
  const contactIds = filter.partyIdsOfSearch ?? [];
  if (contactIds.length === 0) return sql`${listed.id} in (${matching})`;
  return sql`${listed.id} in (${matching}
    union select ${shipmentParties.shipmentId} from ${shipmentParties}
      where ${shipmentParties.companyId} = ${filter.companyId}
      and (${inArray(shipmentParties.organisationId, contactIds)} or ${inArray(shipmentParties.personId, contactIds)}))`;
};

const filterConditions = (filter: TShipmentFilter): SQL | undefined =>
  and(
    eq(listed.companyId, filter.companyId),
    searchCondition(filter),
    filter.mode ? eq(listed.mode, filter.mode as TShipmentRow['mode']) : undefined,
    filter.direction ? eq(listed.direction, filter.direction as TShipmentRow['direction']) : undefined,
    filter.consolidation ? eq(listed.consolidation, filter.consolidation) : undefined,
    filter.bookingStatus ? eq(listed.bookingStatus, filter.bookingStatus) : undefined,
    filter.portOfLoading ? eq(listed.portOfLoading, filter.portOfLoading) : undefined,
    filter.portOfDischarge ? eq(listed.portOfDischarge, filter.portOfDischarge) : undefined,
    filter.partyId ? withParty(filter.companyId, [filter.partyId]) : undefined,
    filter.departureFrom ? gte(listed.plannedDeparture, filter.departureFrom) : undefined,
    filter.departureTo ? lte(listed.plannedDeparture, filter.departureTo) : undefined,
    filter.arrivalFrom ? gte(listed.plannedArrival, filter.arrivalFrom) : undefined,
    filter.arrivalTo ? lte(listed.plannedArrival, filter.arrivalTo) : undefined,
    filter.arrivingBetween ? between(arrivalAt, filter.arrivingBetween) : undefined,
    filter.departingBetween ? between(departureAt, filter.departingBetween) : undefined,
    filter.lateAt ? lateAt(filter.lateAt) : undefined,
  );

/**
 * A page of the filter, and how many match: counted up to a cap that moves with the page (a
 * thousand past it) and one beyond, so the first page of a million counts a thousand, not ten.
 */
export const findShipmentPage = async (db: Queryable, filter: TShipmentFilter) => {
  const cap = slidingCountCap(filter);
  const where = filterConditions(filter);
  const column = shipmentSortColumns[filter.sort.field];
  const order = filter.sort.isDescending ? desc : asc;
  // Nulls (no planned date yet) last either way; the id breaks ties so pages never overlap. A
  // column that is never empty is sorted plainly, so its index gives the page in order.
  const sorted = nullableSortFields.has(filter.sort.field)
    ? sql`${column} ${sql.raw(filter.sort.isDescending ? 'desc' : 'asc')} nulls last`
    : order(column);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(listed)
      .where(where)
      .orderBy(sorted, order(listed.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ total: sql<number>`count(*)::int` }).from(
      sql`(${db
        .select({ one: sql`1` })
        .from(listed)
        .where(where)
        .limit(cap + 1)}) as matching`,
    ),
  ]);
  return { rows: rows as TShipmentRow[], total: counted?.total ?? 0, cap };
};

/**
 * The dashboard's counts, exact: shipments by booking status, and those arriving and departing in
 * the week and late at `now` by the list's own conditions. Each is one walk of its own index.
 */
export const countShipments = async (
  db: Queryable,
  { companyId, week, now }: { companyId: string; week: { from: Date; to: Date }; now: Date },
) => {
  const company = eq(listed.companyId, companyId);
  const count = { count: sql<number>`count(*)::int` };
  const [byStatus, [arriving], [departing], [late]] = await Promise.all([
    db
      .select({ status: listed.bookingStatus, ...count })
      .from(listed)
      .where(company)
      .groupBy(listed.bookingStatus),
    db
      .select(count)
      .from(listed)
      .where(and(company, between(arrivalAt, week))),
    db
      .select(count)
      .from(listed)
      .where(and(company, between(departureAt, week))),
    db
      .select(count)
      .from(listed)
      .where(and(company, lateAt(now))),
  ]);
  return {
    byStatus,
    arriving: arriving?.count ?? 0,
    departing: departing?.count ?? 0,
    late: late?.count ?? 0,
  };
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

/**
 * Sets one role's party, or removes it (`null`). The row is updated in place, so the copy an issued
 * document kept of the party (`issued_copy`, decision 043) stays with it: a document issued is
 * changed by a void and a new version, never by an edit of the live party.
 */
export const setParty = async (
  db: Queryable,
  companyId: string,
  shipmentId: string,
  role: TShipmentPartyRole,
  party: { organisationId: string; personId: string | null } | null,
) => {
  const ofRole = and(
    eq(shipmentParties.companyId, companyId),
    eq(shipmentParties.shipmentId, shipmentId),
    eq(shipmentParties.role, role),
  );
  if (!party) {
    await db.delete(shipmentParties).where(ofRole);
    return;
  }
  await db
    .insert(shipmentParties)
    .values({ companyId, shipmentId, role, ...party })
    .onConflictDoUpdate({
      target: [shipmentParties.companyId, shipmentParties.shipmentId, shipmentParties.role],
      set: { organisationId: party.organisationId, personId: party.personId },
    });
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
