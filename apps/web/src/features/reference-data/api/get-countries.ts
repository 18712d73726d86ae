import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { referenceQueryKeyPrefix, referenceQueryTiming } from './reference-query.ts';

export const getCountries = () => apiRequest<unknown[]>('master', '/country');

export const getCountriesQueryOptions = () =>
  queryOptions({
    queryKey: [referenceQueryKeyPrefix, 'countries'],
    queryFn: getCountries,
    ...referenceQueryTiming,
  });
