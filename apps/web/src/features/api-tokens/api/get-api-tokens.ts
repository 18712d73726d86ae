import type { TApiToken } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiTokensKeys } from './keys.ts';

/** GET /users-token: the signed-in user's own tokens, newest first, never their secrets. */
export const getApiTokens = () => apiRequest<TApiToken[]>('iamserver', '/users-token');

export const getApiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokensKeys.list(), queryFn: getApiTokens });

export const useApiTokens = () => useQuery(getApiTokensQueryOptions());
