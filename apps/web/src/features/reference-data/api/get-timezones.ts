import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { referenceQueryKeyPrefix, referenceQueryTiming } from './reference-query.ts';

export const getTimezones = () => apiRequest<unknown[]>('master', '/timezone');

export const getTimezonesQueryOptions = () =>
  queryOptions({
    queryKey: [referenceQueryKeyPrefix, 'timezones'],
    queryFn: getTimezones,
    ...referenceQueryTiming,
  });
