import type { TApiToken } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiTokensKeys } from './keys.ts';

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
