import type { TCreateApiTokenRequest, TCreatedApiToken } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { apiTokensKeys } from './keys.ts';

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
