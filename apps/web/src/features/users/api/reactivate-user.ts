import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** POST /users/:id/reactivate: a suspended user may sign in again. */
export const reactivateUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/reactivate`, {
    method: 'POST',
  });

export const useReactivateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
