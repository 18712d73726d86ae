import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { referenceQueryKeyPrefix, referenceQueryTiming } from './reference-query.ts';

export const getCurrencies = () => apiRequest<unknown[]>('master', '/currency-list');

export const getCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: [referenceQueryKeyPrefix, 'currencies'],
    queryFn: getCurrencies,
    ...referenceQueryTiming,
  });
