// master's public surface: what other modules may use. Everything else in master-data/ is its own.

/** Whether a point lies in (or near) a country: the catalogue build curates its seed with it. */
export { loadCountryLocator } from './ports/country-check.ts';
