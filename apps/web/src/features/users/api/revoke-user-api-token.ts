import type { TApiToken } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

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
