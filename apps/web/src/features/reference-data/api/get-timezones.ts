import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getTimezones = () => apiRequest<unknown[]>('master', '/timezone');

export const getTimezonesQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.timezones(),
    queryFn: getTimezones,
    ...referenceQueryTiming,
  });
