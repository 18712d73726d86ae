import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  defaultDropdownsOf,
  type TCountry,
  type TCurrency,
  type TDropdownGroup,
  type TTimeZone,
  type TUtcOffset,
} from '@cargodesk/shared';
import { getTimeZones } from '@vvo/tzdb';
import { currencies } from 'countries-list/currencies';
import countryCodes from 'country-codes-list';

// The global reference lists (docs/architecture.md, reference-data.md), read from their packages.
// They live below the services: master serves them (services/master-data/reference/), and the company
// profile (access), contacts and master's settings check codes against them, so no service
// has to import another for a catalogue.

export const listCountries = (): TCountry[] =>
  countryCodes
    .all()
    .map((country) => ({
      code: country.countryCode,
      alpha3: country.countryCodeAlpha3,
      numericCode: country.countryCodeNumeric ?? '',
      name: country.countryNameEn,
      localName: country.countryNameLocal,
      callingCode: country.countryCallingCode,
      currency: country.currencyCode,
      region: country.region,
      flag: country.flag,
    }))
    .sort((left, right) => left.name.localeCompare(right.name, 'en'));

/** The package exports only its full list (181 codes, withdrawn and fund codes included); its active set is a data file. */
const readActiveCurrencyCodes = (): Set<string> => {
  const packageEntry = createRequire(import.meta.url).resolve('countries-list');
  const file = path.join(path.dirname(packageEntry), '..', 'currencies.min.json');
  return new Set(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8'))));
};

export const listCurrencies = (): TCurrency[] => {
  const active = readActiveCurrencyCodes();
  return Object.entries(currencies)
    .filter(([code]) => active.has(code))
    .map(([code, currency]) => ({
      code,
      name: currency.name,
      nativeName: currency.native,
      symbol: currency.symbol,
      symbolNative: currency.symbolNative,
      numericCode: currency.numeric,
      minorUnits: currency.decimals,
    }))
    .sort((left, right) => left.code.localeCompare(right.code));
};

/** Current offsets change with daylight saving, so this list is rebuilt now and then, not once. */
export const listTimeZones = (): TTimeZone[] =>
  getTimeZones({ includeUtc: true }).map((zone) => ({
    name: zone.name,
    aliases: zone.group.filter((name) => name !== zone.name),
    label: zone.currentTimeFormat,
    alternativeName: zone.alternativeName,
    countryCode: zone.countryCode,
    countryName: zone.countryName,
    mainCities: zone.mainCities.filter((city) => city !== ''),
    rawOffsetInMinutes: zone.rawOffsetInMinutes,
    currentOffsetInMinutes: zone.currentTimeOffsetInMinutes,
    abbreviation: zone.currentAbbreviation,
  }));

let canonicalNames: Map<string, string> | undefined;

/**
 * The tzdb name for any of its aliases: Node's Intl still answers old names (Europe/Kiev,
 * Asia/Calcutta), so compare and store only normalised ones. Unknown names come back unchanged.
 */
export const normaliseTimeZoneName = (name: string): string => {
  canonicalNames ??= new Map(
    getTimeZones({ includeUtc: true }).flatMap((zone) =>
      zone.group.map((alias) => [alias, zone.name] as const),
    ),
  );
  return canonicalNames.get(name) ?? name;
};

export const listDropdowns = (module: string): TDropdownGroup[] => defaultDropdownsOf(module);

/** "UTC+05:30" for 330 minutes, "UTC-03:00" for -180, "UTC" for none. */
export const utcOffsetLabel = (offsetInMinutes: number) => {
  if (offsetInMinutes === 0) return 'UTC';
  const sign = offsetInMinutes > 0 ? '+' : '-';
  const minutes = Math.abs(offsetInMinutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
};

/** The offsets in force today, west to east, each with its zones (from the same tzdb as the zones). */
export const listUtcOffsets = (zones: TTimeZone[] = listTimeZones()): TUtcOffset[] => {
  const byOffset = new Map<number, string[]>();
  for (const zone of zones) {
    const names = byOffset.get(zone.currentOffsetInMinutes) ?? [];
    names.push(zone.name);
    byOffset.set(zone.currentOffsetInMinutes, names);
  }
  return [...byOffset.entries()]
    .sort(([a], [b]) => a - b)
    .map(([offsetInMinutes, names]) => ({
      offsetInMinutes,
      label: utcOffsetLabel(offsetInMinutes),
      zones: names.sort(),
    }));
};
