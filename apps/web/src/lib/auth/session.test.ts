import type { User } from 'firebase/auth';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiServer, apiUrl, clearCookies, errorBody, setTokenCookie } from '@/test/api-server.ts';
import { readTokenCookie } from '../cookie.ts';
import { setNavigator } from '../navigation.ts';
import { establishSession, logout, onIdentitySignedIn, onSessionRefused } from './session.ts';
import { getSession, resetSession, updateSession } from './session-store.ts';

// The start-up sequence and logout through the real session modules; only the server is a double.

const iam = (path: string) => apiUrl(`/iamserver/api/v1${path}`);

const currentUser = {
  _id: 'user-1',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailId: 'ada@example.com',
  companyId: 'company-1',
  company: { _id: 'company-1', name: 'Analytical Freight' },
  products: [{ _id: 'product-1', name: 'Cargodesk' }],
  roles: ['Admin'],
  permissions: ['users:read'],
};

/** What the identity SDK hands the session when it reports a signed-in user. */
const identityUser = (idToken = 'identity-id-token') =>
  ({ emailVerified: true, getIdToken: async () => idToken }) as unknown as User;

/** Every request the server double received, as "METHOD path authorization". */
const requests: string[] = [];
const navigations: string[] = [];

const recordRequest = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
};

/** The server double: every iam session endpoint, with the answers a test may replace. */
const serveSession = (
  answers: { refresh?: () => Response; login?: () => Response; currentUser?: () => Response } = {},
) => {
  apiServer.events.on('request:start', recordRequest);
  apiServer.use(
    http.get(
      iam('/auth/token-refresh'),
      () => answers.refresh?.() ?? HttpResponse.json({ data: { jwt: 'fresh-app-token' } }),
    ),
    http.get(
      iam('/auth/fetch-users-by-token'),
      () => answers.currentUser?.() ?? HttpResponse.json({ data: [currentUser] }),
    ),
    http.get(
      iam('/auth/login'),
      () =>
        answers.login?.() ??
        HttpResponse.json({
          data: { jwt: 'login-app-token', twoFactorAuth: false, emailId: 'ada@example.com' },
        }),
    ),
    http.post(iam('/auth/logout'), () => HttpResponse.json({ data: { loggedOut: true } })),
  );
};

const visit = (path: string) => window.history.replaceState(null, '', path);

beforeEach(() => {
  // The router's navigation, as main.tsx registers it: the address bar follows.
  setNavigator((to) => {
    navigations.push(to);
    visit(to);
  });
});
afterEach(async () => {
  apiServer.events.removeAllListeners();
  requests.length = 0;
  navigations.length = 0;
  clearCookies();
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetSession();
  updateSession({ signInStatus: 'idle', signInError: undefined, loadError: undefined });
  visit('/');
});

describe('start-up with a token cookie', () => {
  it('refreshes the app token, then loads the user with the fresh one', async () => {
    setTokenCookie('stored-app-token');
    visit('/settings/users');
    serveSession();

    await onIdentitySignedIn(identityUser());

    expect(requests).toEqual([
      'GET /iamserver/api/v1/auth/token-refresh stored-app-token',
      'GET /iamserver/api/v1/auth/fetch-users-by-token fresh-app-token',
    ]);
    expect(readTokenCookie()).toBe('fresh-app-token');
    expect(getSession()).toMatchObject({
      isLoggedIn: true,
      signInStatus: 'signed-in',
      user: { name: 'Ada Lovelace' },
      company: { name: 'Analytical Freight' },
    });
    expect(navigations).toEqual([]);
  });

  it('logs out and sends a protected page to login when the refresh is refused', async () => {
    setTokenCookie('revoked-app-token');
    window.sessionStorage.setItem('reference-cache', '{}');
    window.localStorage.setItem('preferences', '{}');
    visit('/settings/users?page=2');
    serveSession({
      refresh: () => HttpResponse.json(errorBody('UNAUTHORIZED', 'Session revoked'), { status: 401 }),
    });

    await onIdentitySignedIn(identityUser());

    expect(getSession().isLoggedIn).toBe(false);
    expect(readTokenCookie()).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('preferences')).toBeNull();
    expect(navigations).toEqual([`/login?redirect_uri=${encodeURIComponent('/settings/users?page=2')}`]);
    // The user was never loaded with the refused token.
    expect(requests.some((line) => line.includes('fetch-users-by-token'))).toBe(false);
  });

  it('keeps the cookie and reports the outage when the server cannot be reached', async () => {
    setTokenCookie('stored-app-token');
    visit('/dashboard');
    serveSession({ refresh: () => new HttpResponse(null, { status: 503 }) });

    await onIdentitySignedIn(identityUser());

    expect(readTokenCookie()).toBe('stored-app-token');
    expect(getSession()).toMatchObject({ isLoggedIn: false, isAuthLoading: false });
    expect(getSession().loadError).toMatch(/not available right now/);
    expect(navigations).toEqual([]);
  });
  it("keeps the session when the user's answer is cut off, as when the page is reloaded mid-way", async () => {
    setTokenCookie('stored-app-token');
    visit('/dashboard');
    serveSession({
      currentUser: () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200 },
        ),
    });

    await onIdentitySignedIn(identityUser());

    expect(readTokenCookie()).toBe('fresh-app-token');
    expect(getSession().isLoggedIn).toBe(false);
    expect(getSession().loadError).toMatch(/cut off/);
    expect(navigations).toEqual([]);
    expect(requests.some((line) => line.includes('/auth/logout'))).toBe(false);
  });
});

describe('sign-in without a cookie', () => {
  it('exchanges the ID token for the app token and loads the user', async () => {
    visit('/login');
    serveSession();

    await onIdentitySignedIn(identityUser('id-token-1'));

    expect(requests).toEqual([
      'GET /iamserver/api/v1/auth/login id-token-1',
      'GET /iamserver/api/v1/auth/fetch-users-by-token login-app-token',
    ]);
    expect(readTokenCookie()).toBe('login-app-token');
    expect(getSession()).toMatchObject({ isLoggedIn: true, signInStatus: 'signed-in' });
  });

  it('redirects to login with the mailed-code query when the company asks for two-factor', async () => {
    visit(`/login?redirect_uri=${encodeURIComponent('/settings/roles')}`);
    serveSession({
      login: () => HttpResponse.json({ data: { twoFactorAuth: true, emailId: 'ada@example.com' } }),
    });

    await onIdentitySignedIn(identityUser('id-token-2'));

    expect(navigations).toHaveLength(1);
    const target = new URL(navigations[0] ?? '', window.location.origin);
    expect(target.pathname).toBe('/login');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      fbtkn: 'id-token-2',
      mailcode: 'true',
      emailId: 'ada@example.com',
      redirect_uri: '/settings/roles',
    });
    expect(getSession()).toMatchObject({ isLoggedIn: false, signInStatus: 'two-factor' });
    expect(readTokenCookie()).toBeUndefined();
  });

  it('does not log in again while the two-factor step waits for its code', async () => {
    visit('/login?fbtkn=id-token-2&mailcode=true&emailId=ada%40example.com');
    serveSession();

    await onIdentitySignedIn(identityUser('id-token-2'));

    // Another login would mail another code.
    expect(requests).toEqual([]);
  });
});

describe('logout', () => {
  it('revokes the app session and clears session storage, local storage, the cookie and the state', async () => {
    visit('/settings/company');
    serveSession();
    await establishSession('app-token');
    window.sessionStorage.setItem('reference-cache', '{}');
    window.localStorage.setItem('preferences', '{}');

    await logout({ redirectToLogin: true });

    expect(readTokenCookie()).toBeUndefined();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('preferences')).toBeNull();
    expect(getSession()).toMatchObject({ isLoggedIn: false, user: undefined, company: undefined });
    expect(navigations).toEqual([`/login?redirect_uri=${encodeURIComponent('/settings/company')}`]);
    await expect.poll(() => requests).toContain('POST /iamserver/api/v1/auth/logout app-token');
  });

  it('makes a logout asked for meanwhile wait until the one under way has signed out and cleared', async () => {
    visit('/settings/company');
    serveSession();
    await establishSession('app-token');

    const first = logout({ redirectToLogin: true });
    await logout();

    // What the second caller does next (say why, show the login form) comes after the sign-out.
    expect(readTokenCookie()).toBeUndefined();
    expect(getSession()).toMatchObject({ isLoggedIn: false, user: undefined });
    await first;
  });

  it('ends a session refused by the server, and offers to come back to the page', async () => {
    visit('/settings/profile');
    serveSession();
    await establishSession('app-token');

    onSessionRefused('app-token');

    await expect.poll(() => getSession().isLoggedIn).toBe(false);
    expect(navigations).toEqual([`/login?redirect_uri=${encodeURIComponent('/settings/profile')}`]);
  });

  it('takes a refusal of a request this tab sent before logging out as no news', async () => {
    visit('/settings/profile');
    serveSession();
    await establishSession('app-token');
    // Signing out everywhere: the page logs out, and goes to login once that is done.
    await logout();

    // Requests still under way come back refused, with the ended token or with none.
    onSessionRefused('app-token');
    onSessionRefused(undefined);

    expect(navigations).toEqual([]);
    expect(
      requests.filter((request) => request.startsWith('POST /iamserver/api/v1/auth/logout')),
    ).toHaveLength(1);
  });

  it('leaves a signed-out visitor on an open page', async () => {
    visit('/register');
    serveSession();

    await logout({ redirectToLogin: true });

    expect(navigations).toEqual([]);
    expect(requests).toEqual([]);
  });
});
