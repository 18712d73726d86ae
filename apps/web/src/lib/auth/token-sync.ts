import { type Auth, beforeAuthStateChanged, onIdTokenChanged, type User } from 'firebase/auth';

// The SDK's own token-sync (`authTokenSyncURL`) runs only inside getAuth(), which we do not use (its
// IndexedDB and popup code would double the login bundle); this is the same exchange, step for step.

/** Tokens older than this are not posted, as in the SDK: a stale token would only be refused. */
const idTokenMaxAgeSeconds = 5 * 60;

const createTokenMinter = (url: string) => {
  let lastPosted: string | undefined | null = null;
  return async (user: User | null) => {
    const result = user ? await user.getIdTokenResult() : undefined;
    const ageSeconds = result ? (Date.now() - Date.parse(result.issuedAtTime)) / 1000 : 0;
    if (ageSeconds > idTokenMaxAgeSeconds) return;
    const idToken = result?.token;
    if (lastPosted === idToken) return;
    lastPosted = idToken;
    await fetch(url, {
      method: idToken ? 'POST' : 'DELETE',
      headers: idToken ? { Authorization: `Bearer ${idToken}` } : {},
      credentials: 'same-origin',
    });
  };
};

/**
 * POSTs each new ID token to the same-origin token-sync URL and DELETEs it on sign-out
 * (docs/decisions/023). Only a path on this origin, and only in a secure context, as the SDK insists.
 */
export const startTokenSync = (auth: Auth, path: string) => {
  if (!window.isSecureContext) return;
  const url = new URL(path, window.location.origin);
  if (url.origin !== window.location.origin) return;
  const mint = createTokenMinter(url.href);
  const mintQuietly = (user: User | null) => mint(user).catch(() => undefined);
  beforeAuthStateChanged(auth, mintQuietly, () => void mintQuietly(auth.currentUser));
  onIdTokenChanged(auth, (user) => void mintQuietly(user));
};
