import type { TCompanyUser } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** POST /users/:id/invite/resend: a fresh set-password link (the server allows one a minute). */
export const resendInvite = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/invite/resend`, {
    method: 'POST',
  });

export const useResendInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};
