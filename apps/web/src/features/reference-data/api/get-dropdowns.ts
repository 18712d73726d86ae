import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { referenceQueryKeyPrefix, referenceQueryTiming } from './reference-query.ts';

export const getHomeDropdowns = () =>
  apiRequest<unknown[]>('master', '/dropdown', { query: { module: 'home' } });

export const getHomeDropdownsQueryOptions = () =>
  queryOptions({
    queryKey: [referenceQueryKeyPrefix, 'dropdowns-home'],
    queryFn: getHomeDropdowns,
    ...referenceQueryTiming,
  });
