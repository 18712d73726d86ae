import { z } from 'zod';
import { isPrototypeName } from './picklists.ts';

// The start-up reference lists of docs/product.md §4 (master service), each answered as `{ data }`.

/** GET /master/api/v1/country */
export const ZCountry = z.object({
  code: z.string(),
  alpha3: z.string(),
  numericCode: z.string(),
  name: z.string(),
  localName: z.string(),
  /** Without the leading "+". */
  callingCode: z.string(),
  currency: z.string(),
  region: z.string(),
  flag: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;

/** GET /master/api/v1/timezone: IANA zones grouped as tzdb does, with the offsets in force today. */
export const ZTimeZone = z.object({
  name: z.string(),
  /** Other names of the same zone, old ones included (Europe/Kiev for Europe/Kyiv). */
  aliases: z.array(z.string()),
  label: z.string(),
  alternativeName: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  mainCities: z.array(z.string()),
  rawOffsetInMinutes: z.number(),
  currentOffsetInMinutes: z.number(),
  abbreviation: z.string(),
});
export type TTimeZone = z.infer<typeof ZTimeZone>;

/**
 * GET /master/api/v1/timezone-utc: the UTC offsets in force today, each with the zones that keep it,
 * west to east: what an offset picker offers ("UTC+05:30 — Asia/Kolkata, Asia/Colombo").
 */
export const ZUtcOffset = z.object({
  offsetInMinutes: z.number(),
  /** "UTC", "UTC+05:30", "UTC-03:00". */
  label: z.string(),
  /** The zones on this offset today, by name. */
  zones: z.array(z.string()),
});
export type TUtcOffset = z.infer<typeof ZUtcOffset>;

/** GET /master/api/v1/currency-list: the ISO 4217 codes in use. */
export const ZCurrency = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  symbol: z.string(),
  symbolNative: z.string(),
  numericCode: z.string(),
  minorUnits: z.number(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

export const ZDropdownValue = z.object({ label: z.string(), value: z.string(), order: z.number() });
export type TDropdownValue = z.infer<typeof ZDropdownValue>;

/** GET /master/api/v1/dropdown?module=home: one picklist group. */
export const ZDropdownGroup = z.object({
  group: z.string(),
  label: z.string(),
  values: z.array(ZDropdownValue),
});
export type TDropdownGroup = z.infer<typeof ZDropdownGroup>;

export const ZDropdownQuery = z.object({
  module: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(60)
    .refine((value) => !isPrototypeName(value), 'is a reserved name'),
});
export type TDropdownQuery = z.infer<typeof ZDropdownQuery>;
