import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps, timestamptz } from './columns.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// Master data (docs/architecture.md): global catalogues read by every company, and each company's own
// entries and settings over them (row-level security in the master custom migrations).

/** Sea ports by UN/LOCODE: the curated seed, refreshed by UN/LOCODE imports. */
export const seaPorts = pgTable(
  'sea_ports',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull(),
    countryName: text('country_name').notNull().default(''),
    /** ISO 3166-2 subdivision from UN/LOCODE, when an import supplied one. */
    subdivision: text('subdivision').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timezone: text('timezone'),
    /** UN/LOCODE status (AA, AC, RL…) and function flags ("1-3-----"), from imports. */
    status: text('status'),
    functions: text('functions'),
    source: text('source', { enum: ['seed', 'unlocode'] })
      .notNull()
      .default('seed'),
    /** Set when an import no longer lists the code; retired ports stay for old references. */
    retiredAt: timestamptz('retired_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('sea_ports_country_idx').on(table.countryCode),
    // The catalogue's version for the server's in-memory search index: max(updated_at).
    index('sea_ports_updated_idx').on(table.updatedAt),
  ],
);

/** OurAirports' medium and large airports, keyed by OurAirports' ident (the ICAO code where there is one). */
export const airports = pgTable(
  'airports',
  {
    ident: text('ident').primaryKey(),
    iataCode: text('iata_code'),
    icaoCode: text('icao_code'),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull(),
    countryName: text('country_name').notNull().default(''),
    region: text('region').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    elevationFt: integer('elevation_ft'),
    type: text('type', { enum: ['large', 'medium'] }).notNull(),
    scheduledService: boolean('scheduled_service').notNull().default(false),
    /** The IANA time zone at its coordinates (seeded; see cli/build-catalogues.ts). */
    timezone: text('timezone'),
    retiredAt: timestamptz('retired_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('airports_iata_idx').on(table.iataCode),
    index('airports_country_idx').on(table.countryCode),
    index('airports_updated_idx').on(table.updatedAt),
  ],
);

/** A company's own ports or airports, next to the catalogue's. */
export const companyPorts = pgTable(
  'company_ports',
  {
    ...companyRowColumns(),
    kind: text('kind', { enum: ['oceanport', 'airport'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull(),
    /** Kept beside the code so a search by country name finds custom entries too. */
    countryName: text('country_name').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...rowTimestamps(),
  },
  (table) => [
    companyRowKey(table),
    unique('company_ports_code_key').on(table.companyId, table.kind, table.code),
  ],
);

/** The ports and airports (catalogue or custom, by code) a company marked as favourites. */
export const companyPortFavourites = pgTable(
  'company_port_favourites',
  {
    companyId: companyIdColumn(),
    kind: text('kind', { enum: ['oceanport', 'airport'] }).notNull(),
    code: text('code').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.kind, table.code] })],
);

/** A company's choices over the global country list; a missing row means enabled, not a favourite. */
export const companyCountries = pgTable(
  'company_countries',
  {
    companyId: companyIdColumn(),
    countryCode: text('country_code').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isFavourite: boolean('is_favourite').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.countryCode] })],
);

/** A company's choices over the active ISO 4217 currencies; a missing row means enabled. */
export const companyCurrencies = pgTable(
  'company_currencies',
  {
    companyId: companyIdColumn(),
    currencyCode: text('currency_code').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.currencyCode] })],
);

/**
 * Exchange rates against the company's base currency, kept as history: 1 unit of `currency_code`
 * is `rate` units of `base_currency` from `effective_date` until the next entry's date.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    ...companyRowColumns(),
    baseCurrency: text('base_currency').notNull(),
    currencyCode: text('currency_code').notNull(),
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    unique('exchange_rates_date_key').on(
      table.companyId,
      table.baseCurrency,
      table.currencyCode,
      table.effectiveDate,
    ),
  ],
);

/** A company's picklist (dropdown group) of one module, e.g. home/company_type. */
export const dropdownGroups = pgTable(
  'dropdown_groups',
  {
    ...companyRowColumns(),
    module: text('module').notNull(),
    /** The key the app looks the list up by (company_type); fixed once created. */
    key: text('key').notNull(),
    label: text('label').notNull(),
    ...rowTimestamps(),
  },
  (table) => [
    companyRowKey(table),
    unique('dropdown_groups_key').on(table.companyId, table.module, table.key),
  ],
);

/** The values of a picklist in their order; inactive values stay for old records but are not offered. */
export const dropdownValues = pgTable(
  'dropdown_values',
  {
    ...companyRowColumns(),
    groupId: uuid('group_id').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** A #rrggbb colour for tags, or null. */
    colour: text('colour'),
    ...rowTimestamps(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.groupId], dropdownGroups).onDelete('cascade'),
    unique('dropdown_values_value_key').on(table.companyId, table.groupId, table.value),
    index('dropdown_values_group_idx').on(table.companyId, table.groupId, table.sortOrder),
  ],
);

/** An uploaded catalogue file's reviewed diff, kept until the admin applies or discards it. */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    ...companyRowColumns(),
    kind: text('kind', { enum: ['oceanport'] }).notNull(),
    status: text('status', { enum: ['pending', 'applied', 'discarded'] })
      .notNull()
      .default('pending'),
    fileName: text('file_name').notNull().default(''),
    /** The catalogue's max(updated_at) when the diff was made: applying refuses a catalogue changed since. */
    catalogueVersion: text('catalogue_version').notNull(),
    diff: jsonb('diff').notNull(),
    problems: jsonb('problems').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: createdAtColumn(),
    decidedAt: timestamptz('decided_at'),
  },
  (table) => [companyRowKey(table)],
);

/** The kinds of business a company deals with (shipper, consignee, agent…): company CRUD (docs/product.md §7 /type/). */
export const businessTypes = pgTable(
  'business_types',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...rowTimestamps(),
  },
  (table) => [companyRowKey(table), unique('business_types_name_key').on(table.companyId, table.name)],
);

/** Where a company receives cargo (warehouses, CFS, depots): company CRUD (docs/product.md §7 /receivinglocation). */
export const receivingLocations = pgTable(
  'receiving_locations',
  {
    ...companyRowColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    countryCode: text('country_code').notNull(),
    /** The UN/LOCODE of the port or place it serves, if any. */
    locode: text('locode'),
    isActive: boolean('is_active').notNull().default(true),
    ...rowTimestamps(),
  },
  (table) => [companyRowKey(table), unique('receiving_locations_code_key').on(table.companyId, table.code)],
);
