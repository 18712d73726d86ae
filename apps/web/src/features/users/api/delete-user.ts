import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** DELETE /users/:id: the user and their sign-in are removed. */
export const deleteUser = (userId: string) =>
  apiRequest<{ _id: string }>('iamserver', `/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, userId) => {
      queryClient.removeQueries({ queryKey: usersKeys.detail(userId) });
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};

/** POST /users/bulk/delete: the picked users are deleted together, or none is. */
export const deleteUsers = (ids: string[]) =>
  apiRequest<{ _id: string }[]>('iamserver', '/users/bulk/delete', { method: 'POST', body: { ids } });

export const useDeleteUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: (deleted) => {
      for (const { _id } of deleted) queryClient.removeQueries({ queryKey: usersKeys.detail(_id) });
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};
