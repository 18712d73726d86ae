import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getHomeDropdowns = () =>
  apiRequest<unknown[]>('master', '/dropdown', { query: { module: 'home' } });

export const getHomeDropdownsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.dropdowns(),
    queryFn: getHomeDropdowns,
    ...referenceQueryTiming,
  });
