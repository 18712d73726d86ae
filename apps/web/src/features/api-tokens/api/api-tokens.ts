import type { TApiToken, TCreateApiTokenRequest, TCreatedApiToken } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { apiTokensKeys } from './keys.ts';

// The signed-in user's personal API tokens (iamserver /users-token): list, create, revoke.

/** GET /users-token: the signed-in user's own tokens, newest first, never their secrets. */
export const getApiTokens = () => apiRequest<TApiToken[]>('iamserver', '/users-token');

export const getApiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokensKeys.list(), queryFn: getApiTokens });

export const useApiTokens = () => useQuery(getApiTokensQueryOptions());

/** POST /users-token: the answer holds the whole token, the only time it is ever shown. */
export const createApiToken = (body: TCreateApiTokenRequest) =>
  apiRequest<TCreatedApiToken>('iamserver', '/users-token', { method: 'POST', body });

export const useCreateApiToken = () =>
  useInvalidatingMutation({
    mutationFn: createApiToken,
    invalidates: apiTokensKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** DELETE /users-token/{id}: the token stops working at once, everywhere. */
export const revokeApiToken = (tokenId: string) =>
  apiRequest<TApiToken>('iamserver', `/users-token/${encodeURIComponent(tokenId)}`, { method: 'DELETE' });

export const useRevokeApiToken = () =>
  useInvalidatingMutation({ mutationFn: revokeApiToken, invalidates: apiTokensKeys.all });
