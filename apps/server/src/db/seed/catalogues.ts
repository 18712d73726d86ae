import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import countryCodes from 'country-codes-list';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { executeRows } from '../driver.ts';
import type { TAirportSeed, TSeaPortSeed } from './catalogue-seed.ts';

// Loads the global port and airport catalogues at migrate time (docs/architecture.md) when they are empty:
// once per database, so UN/LOCODE and OurAirports imports are never overwritten by the seed.

const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

/** The committed seed files, also read by the bench and tests to know the full catalogue size. */
export const readCatalogueSeed = <T>(file: 'seaports.json' | 'airports.json'): T[] =>
  JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as T[];

const countryNames = () =>
  Object.fromEntries(countryCodes.all().map((country) => [country.countryCode, country.countryNameEn]));

const isEmpty = async (db: Db, table: 'sea_ports' | 'airports') => {
  const rows = await executeRows<{ empty: boolean }>(
    db,
    sql.raw(`select not exists (select 1 from ${table}) as empty`),
  );
  return Boolean(rows[0]?.empty);
};

// Rows per insert statement. PGlite's WebAssembly heap keeps its largest statement's footprint for
// the life of the process, so the seed goes in slices rather than as one multi-megabyte JSON value.
const seedSliceRows = 500;

const slices = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / seedSliceRows) }, (_, index) =>
    rows.slice(index * seedSliceRows, (index + 1) * seedSliceRows),
  );

const airportRows = (names: Record<string, string>) =>
  readCatalogueSeed<TAirportSeed>('airports.json').map((airport) => ({
    ...airport,
    countryName: names[airport.countryCode] ?? '',
  }));

const lacksAirportTimeZones = async (db: Db) => {
  const rows = await executeRows<{ lacks: boolean }>(
    db,
    sql.raw('select not exists (select 1 from airports where timezone is not null) as lacks'),
  );
  return Boolean(rows[0]?.lacks);
};

export const seedCatalogues = async (db: Db) => {
  const names = countryNames();
  if (await isEmpty(db, 'sea_ports')) {
    const rows = readCatalogueSeed<TSeaPortSeed>('seaports.json').map((port) => ({
      ...port,
      countryName: names[port.countryCode] ?? '',
    }));
    // Statements with the rows as JSON: thousands of rows in well under a second on PGlite.
    for (const slice of slices(rows)) {
      await db.execute(sql`
      insert into sea_ports (code, name, city, country_code, country_name, latitude, longitude, timezone, source)
      select code, name, city, "countryCode", "countryName", latitude, longitude, timezone, 'seed'
      from json_to_recordset(${JSON.stringify(slice)}::json) as x(
        code text, name text, city text, "countryCode" text, "countryName" text,
        latitude double precision, longitude double precision, timezone text)
      on conflict (code) do nothing`);
    }
  }
  if (await isEmpty(db, 'airports')) {
    for (const slice of slices(airportRows(names))) {
      await db.execute(sql`
      insert into airports (ident, iata_code, icao_code, name, city, country_code, country_name, region,
        latitude, longitude, elevation_ft, type, scheduled_service, timezone)
      select ident, "iataCode", "icaoCode", name, city, "countryCode", "countryName", region,
        latitude, longitude, "elevationFt", type, "scheduledService", timezone
      from json_to_recordset(${JSON.stringify(slice)}::json) as x(
        ident text, "iataCode" text, "icaoCode" text, name text, city text, "countryCode" text,
        "countryName" text, region text, latitude double precision, longitude double precision,
        "elevationFt" integer, type text, "scheduledService" boolean, timezone text)
      on conflict (ident) do nothing`);
    }
  } else if (await lacksAirportTimeZones(db)) {
    // A catalogue seeded before airports had zones (migration 0065): fill them once, by ident.
    for (const slice of slices(airportRows(names).map(({ ident, timezone }) => ({ ident, timezone })))) {
      await db.execute(sql`
      update airports set timezone = x.timezone
      from json_to_recordset(${JSON.stringify(slice)}::json) as x(ident text, timezone text)
      where airports.ident = x.ident and airports.timezone is null`);
    }
  }
};
