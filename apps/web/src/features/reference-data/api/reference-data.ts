import { constants } from '@cargodesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';

// The six start-up queries: global countries, currencies, time zones, the home dropdowns and two
// integration keys, all kept for a day.

/** docs/product.md §9: reference data stays fresh for 24 hours. */
const referenceQueryTiming = {
  staleTime: constants.referenceDataFreshMs,
  gcTime: constants.referenceDataFreshMs,
} as const;

export const getCountries = () => apiRequest<unknown[]>('master', '/country');

export const getCountriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: getCountries,
    ...referenceQueryTiming,
  });

export const getCurrencies = () => apiRequest<unknown[]>('master', '/currency-list');

export const getCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.currencies(),
    queryFn: getCurrencies,
    ...referenceQueryTiming,
  });

export const getTimezones = () => apiRequest<unknown[]>('master', '/timezone');

export const getTimezonesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.timezones(),
    queryFn: getTimezones,
    ...referenceQueryTiming,
  });

export const getHomeDropdowns = () =>
  apiRequest<unknown[]>('master', '/dropdown', { query: { module: 'home' } });

export const getHomeDropdownsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.dropdowns(),
    queryFn: getHomeDropdowns,
    ...referenceQueryTiming,
  });

export const getGoogleMapKey = () =>
  apiRequest<{ googleMapKey?: string }>('iamserver', '/auth/fetch-google-map-key');

export const getGoogleMapKeyQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.googleMapKey(),
    queryFn: getGoogleMapKey,
    ...referenceQueryTiming,
  });

export const getPendoKey = () => apiRequest<{ pendoKey?: string }>('iamserver', '/auth/fetch-config-key');

export const getPendoKeyQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.pendoKey(),
    queryFn: getPendoKey,
    ...referenceQueryTiming,
  });
