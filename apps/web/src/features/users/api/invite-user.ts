import type { TCompanyUser, TInviteUserRequest } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** POST /users/invite: the identity account, the invited user and the mail with the set-password link. */
export const inviteUser = (body: TInviteUserRequest) =>
  apiRequest<TCompanyUser>('iamserver', '/users/invite', { method: 'POST', body });

export const useInviteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
