import { constants } from '@cargodesk/shared';
import type { BrowserContext, Page, Route } from '@playwright/test';
import {
  codeIn,
  codeMailSubject,
  codeResendIntervalMs,
  createCompanyUser,
  expect,
  goInApp,
  newAppToken,
  signIn,
  storeSignIn,
  test,
  waitForMail,
} from './fixtures.ts';

// docs/product.md §2 and §4: the guard, the cookie watcher, tab visibility, the progress bar, the
// loading overlay, the API being down at start-up, and the two-factor step's "Send a new code".

declare global {
  interface Window {
    /** Set by a test on the page it has; a reload gives a fresh window without it. */
    cargodeskBeforeReload?: boolean;
  }
}

const tokenCookie = async (context: BrowserContext) =>
  (await context.cookies()).find(({ name }) => name === constants.tokenCookieName)?.value;

/** What the browser does when the user switches to another tab (or minimises the window). */
const hideTab = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });

/**
 * The user comes back to the tab. Returns whether the page began to reload: location.reload() fires
 * beforeunload before it returns, so a tab that stays put is known to stay put right away.
 */
const showTabAgain = (page: Page) =>
  page.evaluate(() => {
    let isReloading = false;
    const onBeforeUnload = () => {
      isReloading = true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    window.removeEventListener('beforeunload', onBeforeUnload);
    return isReloading;
  });

/**
 * Holds the requests matching `url` until `release()`, then lets them through unchanged: the real
 * server answers them, only later.
 */
const holdRequests = async (page: Page, url: string | RegExp) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markHeld = () => {};
  const held = new Promise<void>((resolve) => {
    markHeld = resolve;
  });
  await page.route(url, async (route) => {
    markHeld();
    await released;
    await route.continue();
  });
  return { held, release };
};

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: /Welcome/ });

const tokenCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter(({ name }) => name === constants.tokenCookieName);

const identityUserStored = (page: Page) =>
  page.evaluate(() => Object.keys(window.localStorage).some((key) => key.startsWith('firebase:authUser:')));

test('the guard: / leads to the dashboard; an open page signs out unless its query holds fbtkn', async ({
  page,
  context,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'guard' });
  // Opened deep in the app: the start-up writes its refreshed token from there, for every path.
  await signIn(page, user, { at: '/settings/profile' });
  expect((await tokenCookies(context)).map(({ path }) => path)).toEqual(['/']);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardHeading(page)).toBeVisible();
  // This start-up refreshed the session again.
  const sessionToken = await tokenCookie(context);

  // The two-factor step's query keeps the session on a page that would otherwise end it.
  await goInApp(page, '/forgot-password?fbtkn=identity-token');
  await expect(page.getByRole('heading', { level: 2, name: 'Reset your password' })).toBeVisible();
  expect((await tokenCookies(context)).map(({ value }) => value)).toEqual([sessionToken]);
  expect(await identityUserStored(page)).toBe(true);

  // Without it, the same page signs the user out. The page is already on screen from the step
  // above, so its heading says nothing of this navigation: wait for the sign-out itself.
  await goInApp(page, '/forgot-password');
  await expect.poll(() => tokenCookies(context)).toEqual([]);
  await expect.poll(() => identityUserStored(page)).toBe(false);
  await expect(page.getByRole('heading', { level: 2, name: 'Reset your password' })).toBeVisible();
});

test('the sign-in page reloads when the token cookie appears, as when another tab signs in', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'cookie-appears' });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    window.cargodeskBeforeReload = true;
  });

  // Another tab signs in: the identity user in local storage, the session in the cookie.
  await storeSignIn(page, user);

  await expect(dashboardHeading(page)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/dashboard$/);
  // Reloaded: the window the test marked is gone.
  expect(await page.evaluate(() => window.cargodeskBeforeReload)).toBeUndefined();
});

test('a tab shown again reloads when the token cookie changed while it was hidden, and only then', async ({
  page,
  context,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'visible' });
  await signIn(page, user);
  const ownToken = await tokenCookie(context);
  expect(ownToken).toBeTruthy();
  await page.evaluate(() => {
    window.cargodeskBeforeReload = true;
  });

  // Away and back with the cookie as it was: the page stays as it is.
  await hideTab(page);
  expect(await showTabAgain(page)).toBe(false);
  expect(await page.evaluate(() => window.cargodeskBeforeReload)).toBe(true);

  // Away, and meanwhile another tab signs in again: the cookie holds another session's token.
  await hideTab(page);
  const otherToken = await newAppToken(request, user);
  expect(otherToken).not.toBe(ownToken);
  await context.addCookies([
    { name: constants.tokenCookieName, value: otherToken, url: new URL(page.url()).origin },
  ]);
  expect(await page.evaluate(() => window.cargodeskBeforeReload)).toBe(true);

  const reloaded = page.waitForEvent('load', { timeout: 10_000 });
  await page.evaluate(() => {
    // After this evaluation has answered, so that the reload cannot cut it short.
    window.setTimeout(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, 0);
  });
  await reloaded;
  expect(await page.evaluate(() => window.cargodeskBeforeReload)).toBeUndefined();
  // The reloaded page starts from the other tab's session and is still signed in.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboardHeading(page)).toBeVisible();
  expect(await tokenCookie(context)).not.toBe(ownToken);
});

test('the top progress bar shows while going between signed-in pages and is gone afterwards', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'progress' });
  await signIn(page, user);
  await expect(page.locator('#nprogress')).toHaveCount(0);

  // The settings screens' code loads on their first visit; holding it keeps the navigation under way.
  const scripts = await holdRequests(page, '**/assets/*.js');
  await page.getByRole('link', { name: 'Settings' }).click();
  await scripts.held;
  await expect(page.locator('#nprogress .bar')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  scripts.release();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My profile' })).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
});

test('the loading overlay shows while the first auth state loads, then the app mounts', async ({
  page,
  request,
}) => {
  const user = await createCompanyUser(request, { label: 'overlay' });
  await signIn(page, user);

  // On start the identity SDK checks the stored user with the server before it reports the first state.
  const lookup = await holdRequests(page, '**/identitytoolkit.googleapis.com/v1/accounts:lookup*');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await lookup.held;
  const overlay = page.getByRole('status').filter({ hasText: 'Loading Cargodesk…' });
  await expect(overlay).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('heading')).toHaveCount(0);

  lookup.release();
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(overlay).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('the API down when a signed-in user opens the app', () => {
  test.use({
    // The browser logs each refused request; the test checks what the user sees instead.
    expectedConsoleErrors:
      /Failed to load resource: (net::ERR_CONNECTION_REFUSED|the server responded with a status of 503)/,
  });

  /** The identity service and every API: all the server answers but the app's own files. */
  const isServerCall = (url: URL) =>
    url.pathname.includes('/api/') ||
    url.pathname.startsWith('/identitytoolkit.googleapis.com/') ||
    url.pathname.startsWith('/securetoken.googleapis.com/');

  const failures: { name: string; fail: (route: Route) => Promise<void>; message: string }[] = [
    {
      name: 'unreachable',
      fail: (route) => route.abort('connectionrefused'),
      message: 'Cannot reach the Cargodesk server. Check your connection and try again.',
    },
    {
      name: 'answering 503 from the gateway',
      fail: (route) =>
        route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503 Service Unavailable</h1>' }),
      message: 'The Cargodesk server is not available right now. Please try again in a moment.',
    },
  ];

  for (const { name, fail, message } of failures) {
    test(`server ${name}: a clear message and a retry that signs back in`, async ({
      page,
      context,
      request,
    }) => {
      const user = await createCompanyUser(request, { label: 'api-down' });
      await signIn(page, user);

      await page.route(isServerCall, fail);
      await page.reload();
      const problem = page.getByRole('alert');
      await expect(
        problem.getByRole('heading', { name: 'Cargodesk cannot load your workspace' }),
      ).toBeVisible();
      await expect(problem.getByText(message)).toBeVisible();
      // Still signed in: the session is kept for when the server is back.
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(await tokenCookie(context)).toBeTruthy();

      await page.unroute(isServerCall);
      await problem.getByRole('button', { name: 'Try again' }).click();
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }
});

test('two-factor: "Send a new code" mails a new code; the old one is refused, the new one signs in', async ({
  page,
  request,
  twoFactorAccount,
}) => {
  // The server mails at most one code per interval (10 s here), so this test waits that long once.
  const { email, password } = twoFactorAccount;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.searchParams.has('fbtkn'));
  await expect(page.getByText(`We have sent a 6-digit sign-in code to ${email}`)).toBeVisible();

  // The code this sign-in mailed (or, after a broken run, the earlier one still in force).
  const firstMail = await waitForMail(request, { to: email, subject: codeMailSubject });
  const firstCode = codeIn(firstMail);
  const resend = page.getByRole('button', { name: 'Send a new code' });
  const sentAt = Date.parse(firstMail.createdAt);
  if (Date.now() - sentAt < codeResendIntervalMs - 4_000) {
    // Straight after a code the server refuses another, and the step says so.
    await resend.click();
    await expect(page.getByRole('alert').filter({ hasText: 'A code was sent moments ago' })).toBeVisible();
  }
  const untilResendAllowed = sentAt + codeResendIntervalMs + 1_000 - Date.now();
  if (untilResendAllowed > 0) await page.waitForTimeout(untilResendAllowed);

  await resend.click();
  await expect(
    page.getByRole('status').filter({ hasText: `A new code is on its way to ${email}.` }),
  ).toBeVisible();
  const secondMail = await waitForMail(request, {
    to: email,
    subject: codeMailSubject,
    newerThan: firstMail,
  });
  const secondCode = codeIn(secondMail);

  await page.getByLabel('Sign-in code').fill(firstCode);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The code is not correct' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.searchParams.has('fbtkn'));
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain(constants.tokenCookieName);

  await page.getByLabel('Sign-in code').fill(secondCode);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

// A reload at any moment of the start-up sequence (docs/product.md §4) keeps a valid session: the
// page being left must not sign out because its own requests were cut off.
test('reloading during the start-up never signs a valid session out', async ({ page, context, request }) => {
  test.setTimeout(300_000);
  const account = await createCompanyUser(request, { label: 'reload-start' });
  await signIn(page, account);
  // Every 25 ms over the first half second, where the refresh and the user's loading happen.
  for (const delayMs of Array.from({ length: 20 }, (_, i) => i * 25)) {
    // /login sends a signed-in user on to /dashboard; the second load lands mid-way in its start-up.
    await page.goto('/login', { waitUntil: 'commit' });
    await page.waitForTimeout(delayMs);
    await page.goto('/dashboard');
    await expect(page, `reload after ${delayMs} ms`).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible({ timeout: 15_000 });
    expect(await tokenCookie(context), `cookie after ${delayMs} ms`).toBeTruthy();
  }
});
