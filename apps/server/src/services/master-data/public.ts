// master's public surface: what other modules may use. Everything else in master-data/ is its own.

/** A company picklist's values, its own copy or the module's defaults (freight charge codes). */
export { findPicklistEntries, type TPicklistEntry } from './picklists/lookup.ts';
/** Whether a point lies in (or near) a country: the catalogue build curates its seed with it. */
export { loadCountryLocator } from './ports/country-check.ts';
/** A port or airport code checked against the company's entries and the catalogues (freight). */
export { createLocationLookup, type TLocation, type TLocationLookup } from './ports/location-lookup.ts';
/** The company's base currency, currencies in use and the exchange rate in force on a day (freight charges). */
export {
  currencyMinorUnits,
  findBaseCurrency,
  findCurrenciesNotInUse,
  findRateInForce,
  findRatesInForce,
  type TRateInForce,
} from './settings/rate-lookup.ts';
