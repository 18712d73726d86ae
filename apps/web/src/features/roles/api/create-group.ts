import type { TGroupInput, TGroupWithMembers } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const createGroup = (input: TGroupInput) =>
  apiRequest<TGroupWithMembers>('iamserver', '/groups', { method: 'POST', body: input });

export const useCreateGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.groups }),
  });
};
