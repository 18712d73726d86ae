import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const deleteRole = ({ roleId, reassignTo }: { roleId: string; reassignTo?: string | undefined }) =>
  apiRequest<{ deleted: true; reassignedUsers: number }>(
    'iamserver',
    `/roles/${encodeURIComponent(roleId)}`,
    {
      method: 'DELETE',
      query: { reassignTo },
    },
  );

export const useDeleteRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    // Lists and pickers, not the deleted role itself: refetching it while its modal closes would
    // only find a 404.
    onSuccess: (_result, { roleId }) => {
      queryClient.removeQueries({ queryKey: rolesKeys.detail(roleId), exact: true });
      return queryClient.invalidateQueries({
        queryKey: rolesKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
};
