import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getCurrencies = () => apiRequest<unknown[]>('master', '/currency-list');

export const getCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.currencies(),
    queryFn: getCurrencies,
    ...referenceQueryTiming,
  });
