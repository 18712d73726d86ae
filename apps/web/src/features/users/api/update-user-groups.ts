import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** PUT /users/:id/groups: the user's whole set of groups. */
export const updateUserGroups = ({ userId, groupIds }: { userId: string; groupIds: string[] }) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/groups`, {
    method: 'PUT',
    body: { groupIds },
  });

export const useUpdateUserGroups = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: updateUserGroups,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
