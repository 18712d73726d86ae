// The shipments bench's data: a company's shipments, their customers and containers written straight
// into the tables, as the product writes them, as many as asked.

import { fillSql as contactFillSql } from './contact-fill.ts';
import type { TRunSql } from './rounds.ts';

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;
const oceanPorts = sqlArray(
  'NLRTM DEHAM BEANR FRLEH ITGOA ESVLC PLGDN SEGOT GBFXT GRPIR CNSHA SGSIN KRPUS AEJEA INNSA BRSSZ USHOU ZADUR AUSYD JPYOK'.split(
    ' ',
  ),
);
const airports = sqlArray(
  'AMS FRA CDG LHR MXP MAD HKG SIN ICN DXB BOM GRU IAH JNB SYD NRT PVG ORD JFK DOH'.split(' '),
);
const statuses = sqlArray([
  'RECEIVED',
  'CONFIRMED',
  'CONFIRMED',
  'CONFIRMED',
  'PENDING_AMENDMENT',
  'COMPLETED',
  'COMPLETED',
  'CANCELLED',
]);
const carriers = sqlArray('MAEU MSCU CMAU HLCU ONEY EGLV COSU ZIMU'.split(' '));
const directions = sqlArray(['export', 'import', 'cross-trade']);

/** How many customers a company's shipments are spread over. */
export const customerCount = 1_000;

/** The n-th shipment's reference, container and the ids, as the fill writes them (for the bench's queries). */
export const referenceOf = (n: number) => `SE-2025-${String(n).padStart(7, '0')}`;
export const containerOf = (n: number) => `MSCU${String(n).padStart(7, '0')}`;

/**
 * A company's shipments in one INSERT … SELECT: two in three by sea, every third by air; a year of
 * departures around today; sea FCL shipments carry a container (MSCU and the shipment's number),
 * each has a customer among the company's first contacts, and the search text is derived as the
 * service derives it (reference, bill or air waybill number, containers, lower-cased).
 */
const shipmentsSql = (companyId: string, idPrefix: string, rows: number) => `
  insert into shipments (company_id, id, reference, mode, direction, load_type, incoterm, port_of_loading,
    port_of_discharge, vessel_name, voyage_number, flight_number, bill_of_lading_number, air_waybill_number,
    planned_departure, actual_departure, planned_arrival, actual_arrival, booking_status, search_text,
    consolidation, created_at, updated_at)
  select '${companyId}', id, reference, mode, direction, load_type, 'FCA', loading, discharge,
    case when mode = 'sea' then 'Nordic Star' end, case when mode = 'sea' then (n % 900)::text || 'E' end,
    case when mode = 'air' then 'LH' || (1000 + n % 8000) end, bl, awb,
    departure, case when departure < now() then departure end,
    arrival, case when arrival < now() - interval '3 days' and n % 4 <> 0 then arrival end,
    status,
    lower(concat_ws(' ', reference, bl, awb, replace(awb, '-', ''), container)),
    'direct', created, created
  from (
    select n, ('00000000-0000-7000-${idPrefix}-' || lpad(to_hex(n), 12, '0'))::uuid as id,
      'SE-2025-' || lpad(n::text, 7, '0') as reference,
      case when n % 3 = 0 then 'air' else 'sea' end as mode,
      (${directions})[1 + n % 3] as direction,
      case when n % 3 = 0 then 'loose' when n % 3 = 1 then 'fcl' else 'lcl' end as load_type,
      case when n % 3 = 0 then (${airports})[1 + n % 20] else (${oceanPorts})[1 + n % 20] end as loading,
      case when n % 3 = 0 then (${airports})[1 + (n / 20) % 20] else (${oceanPorts})[1 + (n / 20) % 20] end as discharge,
      case when n % 3 <> 0 then (${carriers})[1 + n % 8] || lpad(n::text, 9, '0') end as bl,
      case when n % 3 = 0 then '176-' || lpad((n % 10000000)::text, 7, '0') || ((n % 10000000) % 7)::text end as awb,
      case when n % 3 = 1 then 'MSCU' || lpad(n::text, 7, '0') end as container,
      now() - interval '180 days' + (n % 365) * interval '1 day' + (n % 24) * interval '1 hour' as departure,
      now() - interval '150 days' + (n % 365) * interval '1 day' as arrival,
      (${statuses})[1 + n % 8] as status,
      now() - n * interval '20 seconds' as created
    from generate_series(1, ${rows}) as n
  ) generated`;

const containersSql = (companyId: string, idPrefix: string, rows: number) => `
  insert into shipment_containers (company_id, shipment_id, number, position, size_type)
  select '${companyId}', ('00000000-0000-7000-${idPrefix}-' || lpad(to_hex(n), 12, '0'))::uuid,
    'MSCU' || lpad(n::text, 7, '0'), 0, '45G1'
  from generate_series(1, ${rows}) as n where n % 3 = 1`;

/** Each shipment's customer: one of the company's first contacts that is an organisation. */
const partiesSql = (companyId: string, idPrefix: string, rows: number) => `
  insert into shipment_parties (company_id, shipment_id, role, organisation_id)
  select '${companyId}', ('00000000-0000-7000-${idPrefix}-' || lpad(to_hex(n), 12, '0'))::uuid, 'customer',
    ('00000000-0000-7000-8000-' || lpad(to_hex(1 + (n % ${customerCount}) * 5 + 1), 12, '0'))::uuid
  from generate_series(1, ${rows}) as n`;

export const demoPassword = 'bench-password-12';

const atScale = Number(process.env.BENCH_SHIPMENTS ?? 0);

/** The company measured and one beside it; PGlite holds fewer (filled in about a minute). */
export const companiesFor = (kind: 'pglite' | 'postgres') => {
  const rows = atScale || (kind === 'postgres' ? 1_000_000 : 200_000);
  return [
    { rows, name: 'Demo Freight Ltd', email: 'admin@demo-freight.test', idPrefix: 'a000' },
    {
      rows: Math.round(rows / 5),
      name: 'Secure Shipping AG',
      email: 'admin@secure-shipping.test',
      idPrefix: 'b000',
    },
  ] as const;
};

export const companyIdsOf = async (run: TRunSql, names: readonly string[]) => {
  const ids: string[] = [];
  for (const name of names) {
    const [row] = await run(`select id from companies where name = '${name}'`);
    if (!row) throw new Error(`No company ${name}`);
    ids.push(String(row.id));
  }
  return ids;
};

/** Fills the companies' shipments with their customers and containers, and indexes them afterwards. */
export const prepareShipments = async (run: TRunSql, kind: 'pglite' | 'postgres') => {
  const companies = companiesFor(kind);
  const tables = "('shipments', 'shipment_parties', 'shipment_containers', 'shipment_search_words')";
  const indexes = await run(
    `select indexname, indexdef from pg_indexes where tablename in ${tables} and indexname not like '%pk%' and indexname not like '%_key'`,
  );
  for (const index of indexes) await run(`drop index ${index.indexname}`);
  // The words of the numbers, which the table's trigger writes row by row, are written afterwards
  // in one sorted statement, and their key built once.
  await run('alter table shipments disable trigger shipments_search_words_inserted');
  await run(
    'alter table shipment_search_words drop constraint shipment_search_words_company_id_word_shipment_id_pk',
  );
  const ids = await companyIdsOf(
    run,
    companies.map((company) => company.name),
  );
  for (const [place, company] of companies.entries()) {
    const id = ids[place] ?? '';
    await run(
      `update companies set plan_expires_at = now() + interval '30 days', two_factor_auth = false where id = '${id}'`,
    );
    await run(contactFillSql(id, customerCount * 5 + 10));
    await run(shipmentsSql(id, company.idPrefix, company.rows));
    await run(containersSql(id, company.idPrefix, company.rows));
    await run(partiesSql(id, company.idPrefix, company.rows));
  }
  await run(`insert into shipment_search_words (company_id, word, shipment_id)
    select distinct company_id, word, id from shipments, unnest(string_to_array(search_text, ' ')) as word
    where word <> '' and not exists (select 1 from shipment_search_words w where w.company_id = shipments.company_id and w.shipment_id = shipments.id)
    order by company_id, word, id`);
  await run(
    'alter table shipment_search_words add constraint shipment_search_words_company_id_word_shipment_id_pk primary key (company_id, word, shipment_id)',
  );
  await run('alter table shipments enable trigger shipments_search_words_inserted');
  for (const index of indexes) await run(String(index.indexdef));
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map.
  for (const table of [
    'shipments',
    'shipment_parties',
    'shipment_containers',
    'shipment_search_words',
    'contacts',
  ])
    await run(`vacuum analyze ${table}`);
  return ids;
};
