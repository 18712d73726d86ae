import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { referenceKeys } from './keys.ts';
import { referenceQueryTiming } from './reference-query.ts';

export const getPendoKey = () => apiRequest<{ pendoKey?: string }>('iamserver', '/auth/fetch-config-key');

export const getPendoKeyQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.pendoKey(),
    queryFn: getPendoKey,
    ...referenceQueryTiming,
  });
