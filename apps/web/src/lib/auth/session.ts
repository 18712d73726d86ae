import { messages, type accountSuspendedMessage as TAccountSuspended } from '@cargodesk/shared';
import { signOut, type User } from 'firebase/auth';
import { isProtectedPath } from '@/config/paths.ts';
import { ApiError, resetUnauthorizedHandling } from '../api-client.ts';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from '../cookie.ts';
import { getIdentity } from '../identity.ts';
import { removeInjectedScripts } from '../integrations/script-loader.ts';
import { getLoadedQueryClient } from '../loaded-query-client.ts';
import { navigateTo, safeRedirectTarget } from '../navigation.ts';
import { notifyError } from '../notify.ts';
import { referenceKeys } from '../reference-keys.ts';
import { fetchCurrentUser, loginWithIdToken, refreshAppToken, revokeAppSession } from './session-api.ts';
import { getSession, resetSession, updateSession } from './session-store.ts';

// The start-up sequence, logout and identity reactions of docs/product.md §2 and §4, in one place.

/**
 * The login reply text of docs/product.md §8. Typed by the shared contract's literal, so the two cannot drift,
 * without importing session.ts at run time: its module-level zod schemas would put zod in the login bundle.
 */
const accountSuspendedMessage: typeof TAccountSuspended = 'Account was suspended';

/** The query fields of the two-factor step (docs/product.md §2). `fbtkn` also exempts the route from the guard's logout. */
export const twoFactorQuery = {
  idToken: 'fbtkn',
  mailCode: 'mailcode',
  emailId: 'emailId',
  redirect: 'redirect_uri',
} as const;

export const loginPath = '/login';

/** The cookie value this tab last wrote or saw, to tell our own changes from another tab's. */
let knownToken = readTokenCookie();
export const getKnownToken = () => knownToken;

/** The app token this tab's last logout ended. */
let endedToken: string | undefined;

/** The logout under way, which a logout asked for meanwhile waits for. */
let runningLogout: Promise<void> | undefined;
/** A sign-up is creating its company: the fresh identity user must not be logged in yet. */
let isRegistering = false;

export const setRegistering = (value: boolean) => {
  isRegistering = value;
};

const isConnectionFailure = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

/**
 * The server answered that this session or sign-in is not accepted. Only such an answer ends a
 * session: a request cut off because the page is being left or reloaded proves nothing, and
 * signing out then would drop a valid session (docs/product.md §4).
 */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * docs/product.md §4: clears the state, session storage, local storage, the token cookie and injected
 * scripts; reloads the page when a script had been injected.
 */
export const logout = async (options: { redirectToLogin?: boolean } = {}) => {
  // A logout asked for while one is under way (the suspended answer's, and the login screen's own)
  // waits for it: what its caller does next, such as saying the account was suspended, must come
  // after the sign-out. Had someone signed in meanwhile, that identity is signed out in turn, or it
  // would sign the user straight back in on their next visit.
  while (runningLogout) {
    await runningLogout;
    if (!runningLogout && !getIdentity().currentUser) return;
  }
  runningLogout = signOutAndClear(options);
  try {
    await runningLogout;
  } finally {
    runningLogout = undefined;
  }
};

/** This tab has no session because its own logout ended it (not because another tab or the server did). */
export const isSessionEndedHere = () => endedToken !== undefined && !getSession().isLoggedIn;

/**
 * A request was refused for want of a valid session (401). Usually the session ended elsewhere:
 * this tab logs out and, on a protected page, offers to come back to it after signing in. A request
 * that was still under way when this tab logged out itself comes back refused as well; its session
 * is already over here, and logging out again would send the user to sign in with this page as
 * where to return, as if the session had been taken from them.
 */
export const onSessionRefused = (sentWith: string | undefined) => {
  const isEndedHere = sentWith === undefined ? isSessionEndedHere() : sentWith === endedToken;
  if (isEndedHere) {
    resetUnauthorizedHandling();
    return;
  }
  void logout({ redirectToLogin: true });
};

const signOutAndClear = async ({ redirectToLogin = false }: { redirectToLogin?: boolean }) => {
  try {
    const token = readTokenCookie();
    // A logout that finds no session (the login screen's own) keeps the last one ended.
    endedToken = token ?? knownToken ?? endedToken;
    if (token) void revokeAppSession(token).catch(() => undefined);
    await signOut(getIdentity()).catch(() => undefined);
    // Loaded only once someone signed in on this page: a signed-out visitor has no cache to clear.
    getLoadedQueryClient()?.clear();
    resetSession();
    window.sessionStorage.clear();
    window.localStorage.clear();
    removeTokenCookie();
    knownToken = undefined;
    if (removeInjectedScripts()) {
      window.location.assign(loginPath);
      return;
    }
    // Only a page that needs the session is left; sign-up, reset and email links stay where they are.
    if (redirectToLogin && isProtectedPath(window.location.pathname)) {
      const here = `${window.location.pathname}${window.location.search}`;
      navigateTo(
        here === '/' || here === '/dashboard'
          ? loginPath
          : `${loginPath}?redirect_uri=${encodeURIComponent(here)}`,
        {
          replace: true,
        },
      );
    }
  } finally {
    resetUnauthorizedHandling();
  }
};

/**
 * A request answered that the user (or company) was suspended: signed out at once, and the login
 * screen says why (docs/product.md §8). The notice comes once the sign-out is done: the identity
 * SDK's sign-out waits for the token-sync exchange, and a page left before it ends would keep the
 * identity, which would sign the user straight back in on their next visit once the company is
 * reactivated.
 */
export const logoutSuspended = async () => {
  await logout({ redirectToLogin: true });
  notifyError(messages.accountSuspended);
  updateSession({ signInStatus: 'failed', signInError: messages.accountSuspended });
};

/** docs/product.md §4 step 4: the cookie is set and the user is marked logged in. */
export const establishSession = async (jwt: string) => {
  writeTokenCookie(jwt);
  knownToken = jwt;
  if (endedToken === jwt) endedToken = undefined;
  const user = await fetchCurrentUser();
  updateSession({
    isLoggedIn: true,
    isAuthLoading: true,
    user,
    company: user.company,
    products: user.products,
    isSuperAdmin: user.isSuperAdmin === true,
    loadError: undefined,
    signInStatus: 'signed-in',
  });
};

/** What the start-up says when it could not finish without the server refusing anything. */
const startFailureMessage = (error: unknown) =>
  isConnectionFailure(error)
    ? (error as ApiError).message
    : 'Cargodesk could not finish starting. Please try again.';

const failSignIn = async ({ error, message }: { error: unknown; message?: string }) => {
  await logout();
  const loadError = isConnectionFailure(error) ? (error as ApiError).message : undefined;
  updateSession({ signInStatus: 'failed', signInError: message ?? loadError, loadError });
};

/** Whether the two-factor step waits for its code: the status its redirect set, or its query. */
const isTwoFactorStepOpen = () =>
  getSession().signInStatus === 'two-factor' ||
  new URLSearchParams(window.location.search).has(twoFactorQuery.idToken);

/**
 * The two-factor step's page, once it has read its query: the ID token is a credential, so it
 * leaves the address bar and the history entry at once (screenshots, shared links, the history
 * list), while the router's own record of the location keeps it for the page. The step stays open
 * in the session's status, which a logout resets.
 */
export const hideTwoFactorQuery = () => {
  if (getSession().signInStatus !== 'two-factor') updateSession({ signInStatus: 'two-factor' });
  const address = new URL(window.location.href);
  for (const field of [twoFactorQuery.idToken, twoFactorQuery.mailCode, twoFactorQuery.emailId]) {
    address.searchParams.delete(field);
  }
  // The router keeps its key and index in the entry's state: a Back later still finds its place.
  window.history.replaceState(window.history.state, '', address);
};

/** docs/product.md §2: sends the user to the login route with the identity token and the mailed-code flag. */
const redirectToTwoFactor = ({ idToken, emailId }: { idToken: string; emailId: string }) => {
  const current = new URL(window.location.href);
  const query = new URLSearchParams({
    [twoFactorQuery.idToken]: idToken,
    [twoFactorQuery.mailCode]: 'true',
    [twoFactorQuery.emailId]: emailId,
  });
  const redirect = safeRedirectTarget(current.searchParams.get(twoFactorQuery.redirect));
  if (redirect) query.set(twoFactorQuery.redirect, redirect);
  updateSession({ signInStatus: 'two-factor' });
  navigateTo(`${loginPath}?${query}`, { replace: true });
};

/** docs/product.md §4 steps 2–4: the provider's ID token is exchanged for the app token, or two-factor begins. */
export const loginWithIdentity = async (idToken: string) => {
  try {
    const reply = await loginWithIdToken(idToken);
    if (reply.twoFactorAuth && !reply.jwt) {
      redirectToTwoFactor({ idToken, emailId: reply.emailId });
      return;
    }
    if (!reply.jwt) throw new Error('The login reply carried no token.');
    await establishSession(reply.jwt);
  } catch (error) {
    if (error instanceof ApiError && error.message === accountSuspendedMessage) {
      // Signed out first, for the reason `logoutSuspended` gives.
      await failSignIn({ error, message: messages.accountSuspended });
      notifyError(messages.accountSuspended);
      return;
    }
    // docs/product.md §8: any other login failure logs out without a message (unless the server is unreachable).
    await failSignIn({ error });
  }
};

/**
 * Changing one's own password ends every app session of the account, this tab's too (docs/security.md).
 * The fresh ID token the identity SDK received with the change opens a new app session, as the
 * start-up does, so the user stays signed in here while every other session ends. A two-factor
 * company asks for the mailed code again: the ended session gives way to the code step.
 */
export const renewAppSession = async (user: User) => {
  const idToken = await user.getIdToken();
  try {
    const reply = await loginWithIdToken(idToken);
    if (reply.jwt) {
      writeTokenCookie(reply.jwt);
      knownToken = reply.jwt;
      return;
    }
    // A two-factor company: the old session ended with the change, and the new one waits for the
    // emailed code. Its cookie goes, or the code step would try to resume the ended session.
    removeTokenCookie();
    knownToken = undefined;
    resetSession();
    redirectToTwoFactor({ idToken, emailId: reply.emailId });
  } catch {
    // The password changed but no new session could open here: sign in again with the new one.
    await logout({ redirectToLogin: true });
  }
};

/** docs/product.md §4 step 1: with a token cookie the app token is refreshed, then the user loaded by it. */
const resumeSession = async () => {
  try {
    const { jwt } = await refreshAppToken();
    await establishSession(jwt);
  } catch (error) {
    if (isRefusal(error)) {
      await logout({ redirectToLogin: true });
      return;
    }
    updateSession({ loadError: startFailureMessage(error), isAuthLoading: false });
  }
};

/** docs/product.md §4 "Identity": signed in passes the ID token on to the current-user loading step. */
export const onIdentitySignedIn = async (user: User) => {
  if (isRegistering) return;
  updateSession({ isEmailVerified: user.emailVerified, loadError: undefined });
  if (readTokenCookie()) {
    await resumeSession();
    return;
  }
  // The two-factor step is waiting for its code: logging in again would mail another one. The
  // step's page takes its token out of the address, so the session's status says it is open.
  if (isTwoFactorStepOpen()) return;
  updateSession({ signInStatus: 'pending' });
  await loginWithIdentity(await user.getIdToken());
};

/** docs/product.md §4: signed out removes the cookie, logs out and leaves protected pages for login. */
export const onIdentitySignedOut = async ({ isProtectedPath }: { isProtectedPath: boolean }) => {
  removeTokenCookie();
  await logout({ redirectToLogin: isProtectedPath });
};

/** Retries the start-up (or the reference data) after a connection failure. */
export const retrySessionStart = async () => {
  updateSession({ loadError: undefined });
  if (getSession().isLoggedIn) {
    await getLoadedQueryClient()?.refetchQueries({ queryKey: referenceKeys.all });
    return;
  }
  const user = getIdentity().currentUser;
  if (user) await onIdentitySignedIn(user);
};
