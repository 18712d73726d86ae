import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getCountries = () => apiRequest<unknown[]>('master', '/country');

export const getCountriesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.countries(),
    queryFn: getCountries,
    ...referenceQueryTiming,
  });
