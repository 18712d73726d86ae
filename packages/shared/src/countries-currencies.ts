import { z } from 'zod';
import { ZCalendarDate } from './date-schemas.ts';
import { ZPageQuery } from './lists.ts';
import { ZCountry, ZCurrency } from './reference-data.ts';

// A company's countries and currencies (master): enabled flags and favourites over the global
// lists, the base currency and exchange rates kept as history.

export const exchangeRateRules = {
  /** 1 unit of the currency is `rate` units of the base currency. */
  rateMin: 0.0000000001,
  rateMax: 1_000_000_000_000,
  maxDecimals: 10,
} as const;

const ZBooleanFilter = z.enum(['true', 'false']);
const codeList = (pattern: RegExp, what: string) =>
  z
    .array(z.string().regex(pattern, `must be ${what}`))
    .min(1, 'needs at least one code')
    .max(300, 'lists too many codes');

/** GET /master/api/v1/country-settings: one country with the company's flags. */
export const ZCountrySetting = ZCountry.extend({ isEnabled: z.boolean(), isFavourite: z.boolean() });
export type TCountrySetting = z.infer<typeof ZCountrySetting>;

export const ZCountrySettingsQuery = ZPageQuery.extend({
  enabled: ZBooleanFilter.optional(),
  favourites: ZBooleanFilter.optional(),
  region: z.string().trim().max(60).optional(),
}).strict();
export type TCountrySettingsQuery = z.infer<typeof ZCountrySettingsQuery>;

/** PUT /master/api/v1/country-settings: enable, disable or (un)favour several countries at once. */
export const ZCountrySettingsUpdate = z
  .object({
    codes: codeList(/^[A-Z]{2}$/, 'two-letter country codes'),
    isEnabled: z.boolean().optional(),
    isFavourite: z.boolean().optional(),
  })
  .strict()
  .refine((value) => value.isEnabled !== undefined || value.isFavourite !== undefined, {
    message: 'needs isEnabled or isFavourite',
    path: ['isEnabled'],
  });
export type TCountrySettingsUpdate = z.infer<typeof ZCountrySettingsUpdate>;

const ZCurrencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code');

/** The rate in force for a currency: 1 unit of `currency` is `rate` units of `baseCurrency`. */
export const ZExchangeRate = z.object({
  _id: z.string(),
  currency: z.string(),
  baseCurrency: z.string(),
  /** A decimal string, exact as entered (up to 10 decimals). */
  rate: z.string(),
  effectiveDate: z.string(),
  createdAt: z.string(),
});
export type TExchangeRate = z.infer<typeof ZExchangeRate>;

/** GET /master/api/v1/currency-settings: one currency with the company's flag and current rate. */
export const ZCurrencySetting = ZCurrency.extend({
  isEnabled: z.boolean(),
  isBase: z.boolean(),
  currentRate: ZExchangeRate.nullable(),
});
export type TCurrencySetting = z.infer<typeof ZCurrencySetting>;

export const ZCurrencySettingsQuery = ZPageQuery.extend({ enabled: ZBooleanFilter.optional() }).strict();
export type TCurrencySettingsQuery = z.infer<typeof ZCurrencySettingsQuery>;

/** PUT /master/api/v1/currency-settings: enable or disable several currencies. */
export const ZCurrencySettingsUpdate = z
  .object({ codes: codeList(/^[A-Z]{3}$/, 'three-letter currency codes'), isEnabled: z.boolean() })
  .strict();
export type TCurrencySettingsUpdate = z.infer<typeof ZCurrencySettingsUpdate>;

/** GET and PUT /master/api/v1/currency-settings/base: the company's base currency. */
export const ZBaseCurrency = z.object({ baseCurrency: z.string().nullable() });
export type TBaseCurrency = z.infer<typeof ZBaseCurrency>;
export const ZBaseCurrencyInput = z.object({ baseCurrency: ZCurrencyCode }).strict();
export type TBaseCurrencyInput = z.infer<typeof ZBaseCurrencyInput>;

/** POST /master/api/v1/exchange-rates. */
export const ZExchangeRateInput = z
  .object({
    currency: ZCurrencyCode,
    rate: z
      .number({ error: 'must be a number' })
      .min(exchangeRateRules.rateMin, 'must be more than 0')
      .max(exchangeRateRules.rateMax, 'is too large')
      .refine(
        (value) => Number(value.toFixed(exchangeRateRules.maxDecimals)) === value,
        `may have at most ${exchangeRateRules.maxDecimals} decimals`,
      ),
    effectiveDate: ZCalendarDate,
  })
  .strict();
export type TExchangeRateInput = z.infer<typeof ZExchangeRateInput>;

/** PATCH /master/api/v1/exchange-rates/:id: correct a rate entered wrongly; its date stays. */
export const ZExchangeRateCorrection = ZExchangeRateInput.pick({ rate: true }).strict();
export type TExchangeRateCorrection = z.infer<typeof ZExchangeRateCorrection>;

/** GET /master/api/v1/exchange-rates?currency=USD: the history, newest first. */
export const ZExchangeRateHistoryQuery = ZPageQuery.omit({ q: true, sort: true })
  .extend({ currency: ZCurrencyCode })
  .strict();
export type TExchangeRateHistoryQuery = z.infer<typeof ZExchangeRateHistoryQuery>;

/** GET /master/api/v1/exchange-rates/at?currency=USD&date=2024-03-01: the rate in force that day. */
export const ZExchangeRateAtQuery = z.object({ currency: ZCurrencyCode, date: ZCalendarDate }).strict();
export type TExchangeRateAtQuery = z.infer<typeof ZExchangeRateAtQuery>;
