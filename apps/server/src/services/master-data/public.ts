// master's public surface: what other modules may use. Everything else in master-data/ is its own.

/** Whether a point lies in (or near) a country: the catalogue build curates its seed with it. */
export { loadCountryLocator } from './ports/country-check.ts';
/** A port or airport code checked against the company's entries and the catalogues (freight). */
export { createLocationLookup, type TLocation, type TLocationLookup } from './ports/location-lookup.ts';
