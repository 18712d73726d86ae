import type { TApiToken } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

// A colleague's personal API tokens, as an admin sees and revokes them (users:write).

/** GET /users/{id}/api-tokens (users:write): a colleague's personal API tokens, never their secrets. */
export const getUserApiTokens = (userId: string) =>
  apiRequest<TApiToken[]>('iamserver', `/users/${encodeURIComponent(userId)}/api-tokens`);

export const getUserApiTokensQueryOptions = (userId: string) =>
  queryOptions({ queryKey: usersKeys.apiTokens(userId), queryFn: () => getUserApiTokens(userId) });

export const useUserApiTokens = (userId: string) => useQuery(getUserApiTokensQueryOptions(userId));

/** DELETE /users/{id}/api-tokens/{tokenId} (users:write): a colleague's token stops at once. */
export const revokeUserApiToken = ({ userId, tokenId }: { userId: string; tokenId: string }) =>
  apiRequest<TApiToken>(
    'iamserver',
    `/users/${encodeURIComponent(userId)}/api-tokens/${encodeURIComponent(tokenId)}`,
    { method: 'DELETE' },
  );

export const useRevokeUserApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserApiToken,
    onSuccess: (_, { userId }) => queryClient.invalidateQueries({ queryKey: usersKeys.apiTokens(userId) }),
  });
};
