import type { TAdminPasswordResetResult } from '@cargodesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /auth/reset-pwd: the user is mailed a link to choose a new password (three an hour). */
export const sendPasswordReset = (userId: string) =>
  apiRequest<TAdminPasswordResetResult>('iamserver', '/auth/reset-pwd', {
    method: 'POST',
    body: { userId },
  });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
