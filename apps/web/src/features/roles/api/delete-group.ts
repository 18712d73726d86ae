import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const deleteGroup = ({ groupId }: { groupId: string }) =>
  apiRequest<{ deleted: true }>('iamserver', `/groups/${encodeURIComponent(groupId)}`, { method: 'DELETE' });

export const useDeleteGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.groups }),
  });
};
