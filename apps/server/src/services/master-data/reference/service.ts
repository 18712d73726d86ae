import {
  listCountries,
  listCurrencies,
  listTimeZones,
  listUtcOffsets,
} from '../../../platform/reference/reference-data.ts';
import { createCachedReference } from './cached-reference.ts';

/** The global lists every signed-in user loads at start-up, each built once with its ETag. */
export const createReferenceService = () => {
  const countries = createCachedReference(listCountries);
  const currencies = createCachedReference(listCurrencies);
  // Offsets drift with daylight saving: rebuilt hourly.
  const timeZones = createCachedReference(listTimeZones, { refreshMs: 60 * 60 * 1000 });
  const utcOffsets = createCachedReference(() => listUtcOffsets(), { refreshMs: 60 * 60 * 1000 });
  return {
    countries,
    currencies,
    timeZones,
    utcOffsets,
    /** Builds the lists now so the first signed-in user does not wait for them. */
    warm: () => {
      countries();
      currencies();
      timeZones();
      utcOffsets();
    },
  };
};
