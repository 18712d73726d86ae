import { FirebaseError, initializeApp } from 'firebase/app';
import { type Auth, browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { startBackgroundTokenRefresh } from './auth/background-refresh.ts';
import { startTokenSync } from './auth/token-sync.ts';

let auth: Auth | undefined;

/**
 * The identity client (docs/architecture.md): the firebase/auth SDK pointed at our own origin, with the
 * project the server chose for this host (docs/product.md §1).
 */
export const getIdentity = (): Auth => {
  if (auth) return auth;
  const { identity } = getRuntimeConfig();
  const project = identity.projects.find(({ name }) => name === identity.projectForHost);
  if (!project) throw new Error(`The runtime config has no identity project "${identity.projectForHost}".`);
  const app = initializeApp({ apiKey: project.apiKey, projectId: project.projectId });
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
  connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
  if (identity.tokenSyncUrl) startTokenSync(auth, identity.tokenSyncUrl);
  startBackgroundTokenRefresh(auth);
  return auth;
};

/** Product wording for the identity provider's error codes (docs/product.md §8). */
const identityMessages: Record<string, string> = {
  'auth/wrong-password': 'The email or password is incorrect.',
  'auth/invalid-credential': 'The email or password is incorrect.',
  'auth/user-not-found': 'The email or password is incorrect.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in or reset your password.',
  'auth/user-disabled': 'This account has been disabled. Please contact your Admin for assistance.',
  'auth/user-token-expired': 'Your session has ended. Please sign in again.',
  'auth/requires-recent-login': 'Please sign in again to continue.',
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/password-does-not-meet-requirements': 'The password does not meet the requirements.',
  'auth/weak-password': 'The password is too weak. Choose a longer or more varied one.',
  'auth/expired-action-code': 'This link has expired. Please ask for a new one.',
  'auth/invalid-action-code': 'This link is invalid or has already been used. Please ask for a new one.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/internal-error': 'The sign-in service had a problem. Please try again.',
  'auth/invalid-api-key': 'This site is not set up for sign-in. Please contact support.',
  'auth/admin-restricted-operation': 'This action is not allowed for your account.',
  // Single sign-on (docs/decisions/020-single-sign-on.md): the provider did not vouch for the address.
  'auth/account-exists-with-different-credential':
    'An account with this email already exists, and your identity provider did not confirm the address. Sign in with your password.',
  'auth/unauthorized-continue-uri': 'This site is not set up for sign-in links. Please contact support.',
};

export const identityErrorCode = (error: unknown): string | undefined =>
  error instanceof FirebaseError ? error.code : undefined;

export const describeIdentityError = (error: unknown): string => {
  const code = identityErrorCode(error);
  if (code && identityMessages[code]) return identityMessages[code];
  if (error instanceof Error && !(error instanceof FirebaseError)) return error.message;
  return 'Something went wrong. Please try again.';
};
