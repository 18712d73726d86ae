// master's public surface: what other modules may use. Everything else in master/ is its own.

/** The global catalogues (countries, currencies, time zones) companies choose from. */
export {
  listCountries,
  listCurrencies,
  listTimeZones,
  normaliseTimeZoneName,
} from './reference/reference-data.ts';
