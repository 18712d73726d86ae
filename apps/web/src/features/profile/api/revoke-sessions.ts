import type { TRevokeSessionsResponse } from '@cargodesk/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /users/me/sessions/revoke: every app session and identity sign-in of the user ends. */
export const revokeAllSessions = () =>
  apiRequest<TRevokeSessionsResponse>('iamserver', '/users/me/sessions/revoke', {
    method: 'POST',
    isUnauthorizedExpected: true,
  });

export const useRevokeAllSessions = () => useMutation({ mutationFn: revokeAllSessions });
