import type { TBulkUsersRequest, TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** POST /users/bulk/suspend: the picked users are suspended together, or none is. */
export const suspendUsers = (input: TBulkUsersRequest) =>
  apiRequest<TCompanyUser[]>('iamserver', '/users/bulk/suspend', { method: 'POST', body: input });

export const useSuspendUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: suspendUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
