import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getGoogleMapKey = () =>
  apiRequest<{ googleMapKey?: string }>('iamserver', '/auth/fetch-google-map-key');

export const getGoogleMapKeyQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.googleMapKey(),
    queryFn: getGoogleMapKey,
    ...referenceQueryTiming,
  });
