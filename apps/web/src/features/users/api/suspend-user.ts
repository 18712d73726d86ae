import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** POST /users/:id/suspend: the user's sessions end at once and they cannot sign in. */
export const suspendUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST' });

export const useSuspendUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
