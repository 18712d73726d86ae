import type { TSsoStartResponse } from '@cargodesk/shared';
import { OAuthProvider, signInWithCredential } from 'firebase/auth';
import { apiRequest } from '../api-client.ts';
import { getIdentity } from '../identity.ts';

// Single sign-on in the browser (docs/decisions/020-single-sign-on.md). The server runs the whole
// OpenID Connect flow; what comes back to the login page is a single-use assertion in the URL's
// fragment, which the SDK redeems through accounts:signInWithIdp like any provider credential.

/** POST /auth/sso/start: where the work e-mail's identity provider signs the person in. */
export const startSingleSignOn = (email: string) =>
  apiRequest<TSsoStartResponse>('iamserver', '/auth/sso/start', {
    method: 'POST',
    body: { email },
    isUnauthorizedExpected: true,
  });

/** The assertion the callback left in the fragment, taken out of the address bar at once. */
export const takeSsoAssertion = (): { assertion: string; providerId: string } | undefined => {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const assertion = fragment.get('sso_assertion');
  const providerId = fragment.get('sso_provider');
  if (!assertion || !providerId) return undefined;
  // Single-use anyway, but it has no business in the history or a bookmark.
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
  return { assertion, providerId };
};

/** Redeems the assertion: the identity listener then starts the app session as after a password sign-in. */
export const completeSingleSignOn = ({ assertion, providerId }: { assertion: string; providerId: string }) =>
  signInWithCredential(getIdentity(), new OAuthProvider(providerId).credential({ idToken: assertion }));
