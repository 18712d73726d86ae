import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { referenceQueryKeyPrefix, referenceQueryTiming } from './reference-query.ts';

export const getGoogleMapKey = () =>
  apiRequest<{ googleMapKey?: string }>('iamserver', '/auth/fetch-google-map-key');

export const getGoogleMapKeyQueryOptions = () =>
  queryOptions({
    queryKey: [referenceQueryKeyPrefix, 'google-map-key'],
    queryFn: getGoogleMapKey,
    ...referenceQueryTiming,
  });
