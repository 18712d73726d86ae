import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, rowTimestamps, timestamptz } from './columns.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// The freight module's tables (services/freight/, docs/decisions/043-shipments-model.md).

const shipmentColumns = () => ({
  ...companyRowColumns(),
  /** From the company's sequence (`shipment_reference_counters`); never given twice. */
  reference: text('reference').notNull(),
  mode: text('mode', { enum: ['sea', 'air', 'road'] }).notNull(),
  direction: text('direction', { enum: ['export', 'import', 'cross-trade'] }).notNull(),
  loadType: text('load_type', { enum: ['fcl', 'lcl', 'break-bulk', 'loose', 'uld'] }).notNull(),
  incoterm: text('incoterm'),
  incotermPlace: text('incoterm_place'),
  /** Catalogue codes: UN/LOCODE for ocean ports, IATA for airports. */
  placeOfReceipt: text('place_of_receipt'),
  portOfLoading: text('port_of_loading'),
  portOfDischarge: text('port_of_discharge'),
  placeOfDelivery: text('place_of_delivery'),
  vesselName: text('vessel_name'),
  vesselImo: text('vessel_imo'),
  voyageNumber: text('voyage_number'),
  flightNumber: text('flight_number'),
  billOfLadingNumber: text('bill_of_lading_number'),
  airWaybillNumber: text('air_waybill_number'),
  plannedDeparture: timestamptz('planned_departure'),
  actualDeparture: timestamptz('actual_departure'),
  plannedArrival: timestamptz('planned_arrival'),
  actualArrival: timestamptz('actual_arrival'),
  notes: text('notes'),
  marks: text('marks'),
  /** DCSA Booking 2.0; moves only as the standard allows (services/freight/shipments/service.ts). */
  bookingStatus: text('booking_status').notNull(),
  /** Reference, bill and air waybill numbers, lower-cased, for trigram search; derived on write. */
  searchText: text('search_text').notNull(),
  /** `direct` (a master alone), `master` (houses consolidated under it) or `house` (under `master_id`). */
  consolidation: text('consolidation', { enum: ['direct', 'master', 'house'] })
    .notNull()
    .default('direct'),
  /** A house's master: a shipment of the same company and mode whose consolidation is `master`. */
  masterId: uuid('master_id'),
  ...rowTimestamps(),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
});

/** Booking statuses after which a shipment is no longer under way: it cannot be late. */
export const closedBookingStatuses = ['REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED'] as const;

/** A sea or air shipment; its parties are rows of `shipment_parties`. */
export const shipments = pgTable('shipments', shipmentColumns(), (table) => [
  companyRowKey(table),
  uniqueIndex('shipments_reference_key').on(table.companyId, table.reference),
  index('shipments_created_idx').on(table.companyId, table.createdAt, table.id),
  index('shipments_updated_idx').on(table.companyId, table.updatedAt, table.id),
  index('shipments_departure_idx').on(table.companyId, table.plannedDeparture, table.id),
  index('shipments_arrival_idx').on(table.companyId, table.plannedArrival, table.id),
  index('shipments_status_idx').on(table.companyId, table.bookingStatus, table.updatedAt),
  index('shipments_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  foreignKey({
    columns: [table.companyId, table.masterId],
    foreignColumns: [table.companyId, table.id],
    name: 'shipments_master_fk',
  }),
  index('shipments_master_idx').on(table.companyId, table.masterId).where(sql`${table.masterId} is not null`),
  // The list's filters and the dashboard's counts (migration 0063, decision 044): this week's
  // arrivals and departures by the date that counts (actual, else planned), the late ones, and
  // each port with the newest first.
  index('shipments_arriving_idx').on(
    table.companyId,
    sql`coalesce(${table.actualArrival}, ${table.plannedArrival})`,
  ),
  index('shipments_departing_idx').on(
    table.companyId,
    sql`coalesce(${table.actualDeparture}, ${table.plannedDeparture})`,
  ),
  index('shipments_late_idx')
    .on(table.companyId, table.plannedArrival)
    .where(
      sql`${table.actualArrival} is null and ${table.bookingStatus} not in ('REJECTED', 'DECLINED', 'CANCELLED', 'COMPLETED')`,
    ),
  // Each also carries the filters' columns (mode, direction, booking status; migration 0063), which
  // drizzle's schema cannot say: a filtered page counts its matches from the index alone.
  index('shipments_loading_idx').on(table.companyId, table.portOfLoading, table.createdAt, table.id),
  index('shipments_discharge_idx').on(table.companyId, table.portOfDischarge, table.createdAt, table.id),
]);

const shipmentSearchWordColumns = () => ({
  companyId: companyIdColumn(),
  /** A word of the shipment's search text; compared bytewise (`C`), so a prefix is a range of the key. */
  word: text('word').notNull(),
  shipmentId: uuid('shipment_id').notNull(),
});

/**
 * Each word of each shipment's search text (reference, bill and air waybill numbers, containers),
 * kept by triggers on `shipments` (migration 0063, decision 044): a search by number is a range
 * of this key, where a trigram lookup of a number reads posting lists as long as the company.
 */
export const shipmentSearchWords = pgTable('shipment_search_words', shipmentSearchWordColumns(), (table) => [
  primaryKey({ columns: [table.companyId, table.word, table.shipmentId] }),
  companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
  index('shipment_search_words_shipment_idx').on(table.companyId, table.shipmentId),
]);

/** The words of the transaction's company, read as `tenantShipments` is (migration 0063). */
export const tenantShipmentSearchWords = pgView(
  'tenant_shipment_search_words',
  shipmentSearchWordColumns(),
).existing();

/**
 * The shipments of the company the transaction is for (migration 0063), read by the list, its
 * search and the counts, as `tenant_contacts` is: the view holds row-level security's own
 * condition, so PostgreSQL may use the trigram index for `like`, which is not leakproof and so
 * stays off every index under a policy. Writes and single reads go to `shipments`.
 */
export const tenantShipments = pgView('tenant_shipments', shipmentColumns()).existing();

/**
 * A contact in one of a shipment's roles. `issued_copy` keeps the party as a document printed it
 * (Freight II), so a later edit of the contact never rewrites an issued bill. No foreign key into
 * contacts: contacts are checked through their module's public surface.
 */
export const shipmentParties = pgTable(
  'shipment_parties',
  {
    companyId: companyIdColumn(),
    shipmentId: uuid('shipment_id').notNull(),
    role: text('role').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id'),
    issuedCopy: jsonb('issued_copy'),
    issuedAt: timestamptz('issued_at'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.shipmentId, table.role] }),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
    index('shipment_parties_organisation_idx').on(table.companyId, table.organisationId),
    index('shipment_parties_person_idx')
      .on(table.companyId, table.personId)
      .where(sql`${table.personId} is not null`),
  ],
);

/** The last number given in each reference scope (the pattern with its year filled, e.g. `SE-2026-`). */
export const shipmentReferenceCounters = pgTable(
  'shipment_reference_counters',
  {
    companyId: companyIdColumn(),
    scope: text('scope').notNull(),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.scope] })],
);

/** A company's reference pattern for a mode (company settings); a mode without a row numbers by the default. */
export const shipmentReferencePatterns = pgTable(
  'shipment_reference_patterns',
  {
    companyId: companyIdColumn(),
    mode: text('mode', { enum: ['sea', 'air'] }).notNull(),
    pattern: text('pattern').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.mode] })],
);

/** Air dimension lines as a cargo line keeps them: pieces of one size, in centimetres. */
export type TStoredDimensionLine = { pieces: number; lengthCm: number; widthCm: number; heightCm: number };

/**
 * A line of a shipment's cargo: packages of one type and description (UN/ECE Rec. 21 code, HS
 * code, dangerous goods UN number and class) and, by air, the dimension lines of its pieces.
 */
export const shipmentCargoLines = pgTable(
  'shipment_cargo_lines',
  {
    companyId: companyIdColumn(),
    shipmentId: uuid('shipment_id').notNull(),
    /** 1, 2, … in the order the shipment lists them. */
    position: integer('position').notNull(),
    packageCount: integer('package_count').notNull(),
    packageType: text('package_type').notNull(),
    description: text('description').notNull(),
    hsCode: text('hs_code'),
    grossWeightKg: doublePrecision('gross_weight_kg').notNull(),
    volumeM3: doublePrecision('volume_m3'),
    dangerousGoodsUnNumber: text('dangerous_goods_un_number'),
    dangerousGoodsClass: text('dangerous_goods_class'),
    dimensions: jsonb('dimensions').$type<TStoredDimensionLine[]>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.shipmentId, table.position] }),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
  ],
);

/** A sea shipment's container: ISO 6346 number (unique in its shipment), size-type, seals, weights. */
export const shipmentContainers = pgTable(
  'shipment_containers',
  {
    companyId: companyIdColumn(),
    shipmentId: uuid('shipment_id').notNull(),
    /** Normalised, check digit verified (`MSKU9070323`). */
    number: text('number').notNull(),
    position: integer('position').notNull(),
    sizeType: text('size_type').notNull(),
    seals: jsonb('seals').$type<string[]>().notNull().default([]),
    tareKg: doublePrecision('tare_kg'),
    verifiedGrossMassKg: doublePrecision('verified_gross_mass_kg'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.shipmentId, table.number] }),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
    index('shipment_containers_number_idx').on(table.companyId, table.number),
  ],
);

/**
 * A shipment's buy or sell line. The exchange rate in force on the line's date is copied onto it
 * (rate, base currency, the rate's effective date), so a later rate never rewrites its amount.
 */
export const shipmentCharges = pgTable(
  'shipment_charges',
  {
    companyId: companyIdColumn(),
    shipmentId: uuid('shipment_id').notNull(),
    /** 1, 2, … in the order the shipment lists them. */
    position: integer('position').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    /** A value of the company's `freight/charge_code` picklist. */
    chargeCode: text('charge_code').notNull(),
    description: text('description').notNull().default(''),
    /** An organisation of the company's contacts (contacts' public surface checks it). */
    partyId: uuid('party_id').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 16, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    rateBaseCurrency: text('rate_base_currency').notNull(),
    rateEffectiveDate: date('rate_effective_date', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.shipmentId, table.position] }),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
  ],
);
