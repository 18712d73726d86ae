import * as firebaseApp from 'firebase/app';
import type { Auth } from 'firebase/auth';

// The identity SDK renews its ID token in the background (5 minutes before expiry; after a network
// failure again in 30 s, doubling up to 16 min) only while another Firebase SDK listens for tokens
// through its internal component, `auth-internal`. onIdTokenChanged alone does not start it, so a
// page left open kept an expired ID token and the token-sync cookie went stale. We register as
// such a listener: the SDK then keeps the token fresh on its own schedule and backoff
// (docs/decisions/041-background-token-refresh.md).

type TAuthTokenListener = (token: string | null) => void;
type TAuthInternal = { addAuthTokenListener: (listener: TAuthTokenListener) => void };

/** firebase/app exports its component registry for the other Firebase SDKs, but leaves it out of its public types. */
const firebaseComponents = firebaseApp as unknown as {
  _getProvider: (
    app: firebaseApp.FirebaseApp,
    name: 'auth-internal',
  ) => { getImmediate: () => TAuthInternal };
};

/** Each new token reaches onIdTokenChanged's own listeners (token-sync); this one only keeps the refresh on. */
const keepListening: TAuthTokenListener = () => undefined;

export const startBackgroundTokenRefresh = (auth: Auth) => {
  firebaseComponents
    ._getProvider(auth.app, 'auth-internal')
    .getImmediate()
    .addAuthTokenListener(keepListening);
};
