import type {
  TCurrentUser,
  TInvitationSummary,
  TLoginResponse,
  TRegisterCompanyRequest,
} from '@cargodesk/shared';
import { apiRequest } from '../api-client.ts';

// The iamserver session endpoints (docs/product.md §7, contract in @cargodesk/shared session.ts).

/** GET /auth/login with the identity provider's ID token. */
export const loginWithIdToken = (idToken: string) =>
  apiRequest<TLoginResponse>('iamserver', '/auth/login', {
    authorization: idToken,
    isUnauthorizedExpected: true,
  });

/** POST /auth/codeAuth: exchanges the ID token and the mailed code for the app token. */
export const submitTwoFactorCode = ({ idToken, code }: { idToken: string; code: string }) =>
  apiRequest<TLoginResponse>('iamserver', '/auth/codeAuth', {
    method: 'POST',
    body: { code },
    authorization: idToken,
    isUnauthorizedExpected: true,
  });

/** POST /auth/codeAuth/resend: mails a new two-factor code (the server throttles it). */
export const resendTwoFactorCode = (idToken: string) =>
  apiRequest<{ sent: true }>('iamserver', '/auth/codeAuth/resend', {
    method: 'POST',
    authorization: idToken,
    isUnauthorizedExpected: true,
  });

/**
 * POST /auth/confirm-sign-in with the app token: vouches for a fresh identity sign-in (after
 * re-authentication) of the signed-in user, so a two-factor company's user may change their
 * password with it (docs/decisions/042).
 */
export const confirmSignIn = (idToken: string) =>
  apiRequest<{ confirmed: true }>('iamserver', '/auth/confirm-sign-in', {
    method: 'POST',
    body: { idToken },
  });

/** GET /auth/token-refresh with the current app token. */
export const refreshAppToken = () =>
  apiRequest<{ jwt: string }>('iamserver', '/auth/token-refresh', { isUnauthorizedExpected: true });

/** GET /auth/fetch-users-by-token: data[0] is the current user. */
export const fetchCurrentUser = async (): Promise<TCurrentUser> => {
  const users = await apiRequest<TCurrentUser[]>('iamserver', '/auth/fetch-users-by-token');
  const [user] = users;
  if (!user) throw new Error('The server did not return the signed-in user.');
  return user;
};

/** POST /auth/logout: revokes the app session on the server (the SDK's signOut sends nothing). */
export const revokeAppSession = (token: string) =>
  apiRequest<unknown>('iamserver', '/auth/logout', {
    method: 'POST',
    authorization: token,
    isUnauthorizedExpected: true,
  });

/** POST /auth with a fresh sign-up's ID token: creates the company and its first user. */
export const registerCompany = ({ idToken, ...body }: TRegisterCompanyRequest & { idToken: string }) =>
  apiRequest<TLoginResponse>('iamserver', '/auth', {
    method: 'POST',
    body,
    authorization: idToken,
    isUnauthorizedExpected: true,
  });

/** GET /auth/invitation: the company a mailed invitation link is for, while the link works. */
export const fetchInvitation = (oobCode: string) =>
  apiRequest<TInvitationSummary>('iamserver', '/auth/invitation', {
    query: { oobCode },
    isUnauthorizedExpected: true,
  });
