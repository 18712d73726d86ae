import type { TApiToken, TCreateApiTokenRequest, TCreatedApiToken } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
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

export const useCreateApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKeys.all }),
  });
};

/** DELETE /users-token/{id}: the token stops working at once, everywhere. */
export const revokeApiToken = (tokenId: string) =>
  apiRequest<TApiToken>('iamserver', `/users-token/${encodeURIComponent(tokenId)}`, { method: 'DELETE' });

export const useRevokeApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKeys.all }),
  });
};
