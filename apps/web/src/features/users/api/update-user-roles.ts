import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** PUT /users/:id/roles: the user's whole set of roles. */
export const updateUserRoles = ({ userId, roleIds }: { userId: string; roleIds: string[] }) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/roles`, {
    method: 'PUT',
    body: { roleIds },
  });

export const useUpdateUserRoles = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: updateUserRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
