import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
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

/**
 * Reactivates the picked suspended users: one request each, since each gives its identity account
 * back and stands on its own; the lists refresh once at the end.
 */
export const useReactivateUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => Promise.all(userIds.map(reactivateUser)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
