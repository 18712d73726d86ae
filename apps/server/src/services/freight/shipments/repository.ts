import type { TShipmentPartyRole } from '@cargodesk/shared';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  isNull,
  lt,
  lte,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client.ts';
import { compiledStatement, type TCompilingDb } from '../../../db/compiled-statement.ts';
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
import { contactNameExpression } from '../../contacts/public.ts';

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

// The list's statements are written from a filter's shape alone, every value a named placeholder:
// each shape is compiled once (db/compiled-statement.ts, docs/decisions/027-compiled-list-statements.md),
// and no statement kept can hold a request's values. `valuesOfFilter` gives the values by the same names.

const value = (name: string) => sql.placeholder(name);

/** Which parts of a filter are on, and how its search is made: all its statements' text depends on. */
type TShipmentFilterShape = {
  search: null | { by: 'word' | 'contains'; withParties: boolean };
  mode: boolean;
  direction: boolean;
  consolidation: boolean;
  bookingStatus: boolean;
  portOfLoading: boolean;
  portOfDischarge: boolean;
  partyId: boolean;
  departureFrom: boolean;
  departureTo: boolean;
  arrivalFrom: boolean;
  arrivalTo: boolean;
  arrivingBetween: boolean;
  departingBetween: boolean;
  lateAt: boolean;
  sort: TShipmentSortField;
  isDescending: boolean;
};

const shapeOfFilter = (filter: TShipmentFilter): TShipmentFilterShape => ({
  search: filter.q
    ? { by: filter.searchBy ?? 'word', withParties: (filter.partyIdsOfSearch ?? []).length > 0 }
    : null,
  mode: Boolean(filter.mode),
  direction: Boolean(filter.direction),
  consolidation: Boolean(filter.consolidation),
  bookingStatus: Boolean(filter.bookingStatus),
  portOfLoading: Boolean(filter.portOfLoading),
  portOfDischarge: Boolean(filter.portOfDischarge),
  partyId: Boolean(filter.partyId),
  departureFrom: Boolean(filter.departureFrom),
  departureTo: Boolean(filter.departureTo),
  arrivalFrom: Boolean(filter.arrivalFrom),
  arrivalTo: Boolean(filter.arrivalTo),
  arrivingBetween: Boolean(filter.arrivingBetween),
  departingBetween: Boolean(filter.departingBetween),
  lateAt: Boolean(filter.lateAt),
  sort: filter.sort.field,
  isDescending: filter.sort.isDescending,
});

/** The first text after every text `prefix` begins, in code point (bytewise UTF-8) order. */
const afterPrefix = (prefix: string) => {
  const characters = Array.from(prefix);
  const last = characters.pop()?.codePointAt(0) ?? 0;
  return characters.join('') + String.fromCodePoint(last + 1);
};

/** A filter's values, by the names of the placeholders its statements hold. */
const valuesOfFilter = (filter: TShipmentFilter): Record<string, unknown> => ({
  companyId: filter.companyId,
  wordFrom: filter.q,
  wordBefore: filter.q === undefined ? undefined : afterPrefix(filter.q),
  pattern: filter.q === undefined ? undefined : containsPattern(filter.q),
  partyIdsOfSearch: filter.partyIdsOfSearch,
  mode: filter.mode,
  direction: filter.direction,
  consolidation: filter.consolidation,
  bookingStatus: filter.bookingStatus,
  portOfLoading: filter.portOfLoading,
  portOfDischarge: filter.portOfDischarge,
  partyIds: filter.partyId === undefined ? undefined : [filter.partyId],
  departureFrom: filter.departureFrom,
  departureTo: filter.departureTo,
  arrivalFrom: filter.arrivalFrom,
  arrivalTo: filter.arrivalTo,
  arrivingFrom: filter.arrivingBetween?.from,
  arrivingTo: filter.arrivingBetween?.to,
  departingFrom: filter.departingBetween?.from,
  departingTo: filter.departingBetween?.to,
  lateAt: filter.lateAt,
});

/** Shipments where one of the contacts of the placeholder `partyIds` holds any role. */
const withParty = sql`exists (select 1 from ${shipmentParties} where ${shipmentParties.companyId} = ${value('companyId')}
    and ${shipmentParties.shipmentId} = ${listed.id}
    and (${shipmentParties.organisationId} = any(${value('partyIds')}) or ${shipmentParties.personId} = any(${value('partyIds')})))`;

/** The date an arrival or departure counts by: the actual one once known, else the planned one (indexed). */
const arrivalAt = sql`coalesce(${listed.actualArrival}, ${listed.plannedArrival})`;
const departureAt = sql`coalesce(${listed.actualDeparture}, ${listed.plannedDeparture})`;

const between = (at: SQL, from: Placeholder | Date, to: Placeholder | Date) =>
  sql`${at} >= ${from} and ${at} < ${to}`;

/**
 * Planned arrival passed, no actual arrival, booking still under way. The statuses are written as
 * constants, so the condition is the late index's own and a kept plan still uses it.
 */
const lateAt = (now: Placeholder | Date) =>
  and(
    lt(listed.plannedArrival, now),
    isNull(listed.actualArrival),
    sql.raw(`"booking_status" not in (${closedBookingStatuses.map((status) => `'${status}'`).join(', ')})`),
  );

/** The ids of shipments one of whose numbers begins with the text: a range of the words' key (decision 044). */
const numbersBeginning = sql`select ${tenantShipmentSearchWords.shipmentId} from ${tenantShipmentSearchWords}
    where ${tenantShipmentSearchWords.word} >= ${value('wordFrom')} and ${tenantShipmentSearchWords.word} < ${value('wordBefore')}`;

/**
 * The search: shipments one of whose numbers begins with the text (or, `contains`, holds it
 * anywhere: the trigram index's `like`) and, when contacts' names matched, their shipments too. The
 * two are joined as one id set, so each side keeps its index rather than the whole company being
 * walked to test an `or`.
 */
const searchCondition = (search: TShipmentFilterShape['search']) => {
  if (!search) return undefined;
  const matching =
    search.by === 'contains'
      ? sql`select ${listed.id} from ${listed} where ${listed.searchText} like ${value('pattern')}`
      : numbersBeginning;
  if (!search.withParties) return sql`${listed.id} in (${matching})`;
  return sql`${listed.id} in (${matching}
    union select ${shipmentParties.shipmentId} from ${shipmentParties}
      where ${shipmentParties.companyId} = ${value('companyId')}
      and (${shipmentParties.organisationId} = any(${value('partyIdsOfSearch')})
        or ${shipmentParties.personId} = any(${value('partyIdsOfSearch')})))`;
};

const filterConditions = (shape: TShipmentFilterShape): SQL | undefined =>
  and(
    eq(listed.companyId, value('companyId')),
    searchCondition(shape.search),
    shape.mode ? eq(listed.mode, value('mode')) : undefined,
    shape.direction ? eq(listed.direction, value('direction')) : undefined,
    shape.consolidation ? eq(listed.consolidation, value('consolidation')) : undefined,
    shape.bookingStatus ? eq(listed.bookingStatus, value('bookingStatus')) : undefined,
    shape.portOfLoading ? eq(listed.portOfLoading, value('portOfLoading')) : undefined,
    shape.portOfDischarge ? eq(listed.portOfDischarge, value('portOfDischarge')) : undefined,
    shape.partyId ? withParty : undefined,
    shape.departureFrom ? gte(listed.plannedDeparture, value('departureFrom')) : undefined,
    shape.departureTo ? lte(listed.plannedDeparture, value('departureTo')) : undefined,
    shape.arrivalFrom ? gte(listed.plannedArrival, value('arrivalFrom')) : undefined,
    shape.arrivalTo ? lte(listed.plannedArrival, value('arrivalTo')) : undefined,
    shape.arrivingBetween ? between(arrivalAt, value('arrivingFrom'), value('arrivingTo')) : undefined,
    shape.departingBetween ? between(departureAt, value('departingFrom'), value('departingTo')) : undefined,
    shape.lateAt ? lateAt(value('lateAt')) : undefined,
  );

/** The shipments matching the filter, counted up to the placeholder `countLimit`. */
const cappedCountOf = (db: TCompilingDb, shape: TShipmentFilterShape) =>
  db
    .select({ total: sql<number>`count(*)::int` })
    .from(
      db
        .select({ one: sql`1` })
        .from(listed)
        .where(filterConditions(shape))
        .limit(value('countLimit'))
        .as('matching'),
    );

/** The customer's party of a listed shipment, joined to its row (at most one: the role is in the key). */
const customerParty = alias(shipmentParties, 'customer_party');

/** The columns a row of the list shows: only those are read, and mapped. */
const listColumns = {
  id: listed.id,
  reference: listed.reference,
  mode: listed.mode,
  direction: listed.direction,
  loadType: listed.loadType,
  bookingStatus: listed.bookingStatus,
  consolidation: listed.consolidation,
  plannedDeparture: listed.plannedDeparture,
  actualDeparture: listed.actualDeparture,
  plannedArrival: listed.plannedArrival,
  actualArrival: listed.actualArrival,
  createdAt: listed.createdAt,
  updatedAt: listed.updatedAt,
  portOfLoading: listed.portOfLoading,
  portOfDischarge: listed.portOfDischarge,
  billOfLadingNumber: listed.billOfLadingNumber,
  airWaybillNumber: listed.airWaybillNumber,
};

/** What the list shows of a shipment; its screen shows more. */
export type TShipmentSummaryRow = Pick<TShipmentRow, keyof typeof listColumns>;

export type TShipmentListRow = TShipmentSummaryRow & {
  /** How many match, counted up to `countLimit`: the same on every row of the page. */
  total: number;
  customerId: string | null;
  /** Null for a customer since deleted. */
  customerName: string | null;
};

/**
 * A page of the filter in one statement (docs/decisions/050-shipment-reads-in-fewer-statements.md):
 * its rows, each with its customer's id and name (contacts' own expression), and how many match as a
 * scalar subquery PostgreSQL works out once for the statement (decision 008), only when the page has
 * a row. Nulls (no planned date yet) last either way; the id breaks ties so pages never overlap. A
 * column that is never empty is sorted plainly, so its index gives the page in order.
 */
const shipmentPage = compiledStatement<TShipmentFilterShape, TShipmentListRow>((db, shape) => {
  const where = filterConditions(shape);
  const column = shipmentSortColumns[shape.sort];
  const order = shape.isDescending ? desc : asc;
  const sorted = nullableSortFields.has(shape.sort)
    ? sql`${column} ${sql.raw(shape.isDescending ? 'desc' : 'asc')} nulls last`
    : order(column);
  return db
    .select({
      ...listColumns,
      total: sql<number>`(${cappedCountOf(db, shape)})`.mapWith(Number),
      customerId: customerParty.organisationId,
      customerName: contactName(sql`${customerParty.organisationId}`),
    })
    .from(listed)
    .leftJoin(
      customerParty,
      and(
        eq(customerParty.companyId, value('companyId')),
        eq(customerParty.shipmentId, listed.id),
        eq(customerParty.role, sql.raw(`'customer'`)),
      ),
    )
    .where(where)
    .orderBy(sorted, order(listed.id))
    .limit(value('limit'))
    .offset(value('offset'));
});

const cappedShipmentCount = compiledStatement<TShipmentFilterShape, { total: number }>(cappedCountOf);

/**
 * A page of the filter, and how many match: counted up to a cap that moves with the page (a
 * thousand past it) and one beyond, so the first page of a million counts a thousand, not ten. The
 * count rides in the page; only a page past the end counts on its own, to say how many there are.
 */
export const findShipmentPage = async (db: Queryable, filter: TShipmentFilter) => {
  const cap = slidingCountCap(filter);
  const shape = shapeOfFilter(filter);
  const values = valuesOfFilter(filter);
  const offset = pageOffset(filter);
  const countLimit = cap + 1;
  const rows = await shipmentPage(db, shape, { ...values, limit: filter.pageSize, offset, countLimit });
  const total = rows[0]
    ? rows[0].total
    : offset === 0
      ? 0
      : ((await cappedShipmentCount(db, shape, { ...values, countLimit }))[0]?.total ?? 0);
  return { rows, total, cap };
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
      .where(and(company, between(arrivalAt, week.from, week.to))),
    db
      .select(count)
      .from(listed)
      .where(and(company, between(departureAt, week.from, week.to))),
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

/** A shipment by id, as every view of its screen reads it: compiled once (decision 027). */
const shipmentById = compiledStatement<null, TShipmentRow>(
  (db) =>
    db
      .select()
      .from(shipments)
      .where(and(eq(shipments.companyId, value('companyId')), eq(shipments.id, value('id')))),
  { planOf: () => 'once' },
);

export const findShipment = async (
  db: Queryable,
  companyId: string,
  id: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
) => {
  if (!forUpdate) return (await shipmentById(db, null, { companyId, id }))[0];
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.id, id)))
    .for('update');
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

const partiesOf = compiledStatement<null, TPartyRow>(
  (db) =>
    db
      .select()
      .from(shipmentParties)
      .where(
        and(
          eq(shipmentParties.companyId, value('companyId')),
          sql`${shipmentParties.shipmentId} = any(${value('shipmentIds')})`,
        ),
      ),
  { planOf: () => 'once' },
);

export const findParties = (db: Queryable, companyId: string, shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([] as TPartyRow[])
    : partiesOf(db, null, { companyId, shipmentIds });

export type TNamedPartyRow = TPartyRow & {
  /** The contacts' names now (contacts' own expression); null for a contact since deleted, or no person. */
  organisationName: string | null;
  personName: string | null;
};

const contactName = (contactId: SQL) =>
  contactNameExpression({ companyId: sql`${value('companyId')}`, contactId });

/** A shipment's parties with their contacts' names, in one statement: the screen shows them on every view. */
const namedPartiesOf = compiledStatement<null, TNamedPartyRow>(
  (db) =>
    db
      .select({
        ...getTableColumns(shipmentParties),
        organisationName: contactName(sql`${shipmentParties.organisationId}`),
        personName: contactName(sql`${shipmentParties.personId}`),
      })
      .from(shipmentParties)
      .where(
        and(
          eq(shipmentParties.companyId, value('companyId')),
          eq(shipmentParties.shipmentId, value('shipmentId')),
        ),
      ),
  { planOf: () => 'once' },
);

export const findNamedParties = (db: Queryable, companyId: string, shipmentId: string) =>
  namedPartiesOf(db, null, { companyId, shipmentId });

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
