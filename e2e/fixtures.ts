import AxeBuilder from '@axe-core/playwright';
import { constants } from '@cargodesk/shared';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { demoPassword } from '../playwright.config.ts';

declare global {
  interface Window {
    cargodeskPolicyViolations?: string[];
  }
}

// The browser logs every 4xx answer to fetch as a console error; the app handles those (a wrong
// password, a refused code) and the tests check what the user sees instead.
const handledClientError = /Failed to load resource: the server responded with a status of 4\d\d/;

// The template preview is a frame sandboxed without scripts (features/templates/editor/
// template-preview.tsx). The tests' own scripts (the init script below, axe) cannot run in it, and
// the browser says so: that is the sandbox holding, not a fault of the page.
const sandboxedPreviewRefusal =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/;

/**
 * Every test fails on a console error, an uncaught page error or a CSP violation, so a screen that
 * only works by breaking the policy (an inline script, a foreign host) cannot pass unnoticed.
 * A test that breaks requests on purpose names the console errors it expects
 * (`test.use({ expectedConsoleErrors: /pattern/ })`).
 */
export const test = base.extend<{
  pageProblems: string[];
  expectedConsoleErrors: RegExp | undefined;
  twoFactorAccount: { email: string; password: string };
}>({
  expectedConsoleErrors: [undefined, { option: true }],
  pageProblems: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      const isExpected = (text: string) =>
        handledClientError.test(text) ||
        sandboxedPreviewRefusal.test(text) ||
        Boolean(expectedConsoleErrors?.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpected(message.text())) {
          problems.push(`console: ${message.text()} (${message.location().url || 'no location'})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Init scripts run through the browser's debugging protocol, which the page's CSP does not govern.
      await page.addInitScript(() => {
        window.cargodeskPolicyViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.cargodeskPolicyViolations?.push(
            `CSP: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
          );
        });
      });

      await use(problems);

      const violations = page.isClosed()
        ? []
        : await page.evaluate(() => window.cargodeskPolicyViolations ?? []).catch(() => []);
      expect([...problems, ...violations]).toEqual([]);
    },
    { auto: true },
  ],
  // A company of its own with two-factor sign-in on: tests never share one account's codes.
  twoFactorAccount: async ({ request }, use) => {
    await use(await createCompanyUser(request, { label: 'two-factor', twoFactorAuth: true }));
  },
});

export { expect };

let counter = 0;
/** An email address no other test uses. */
export const uniqueEmail = (label: string) => {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.cargodesk.test`;
};

export const testPassword = 'Harbour-Crane-42';

/**
 * The companies the server seeds at start (apps/server/src/cli/demo-seed.ts), their admins'
 * emails verified, all with the password the web server is started with. Each is used by one test
 * only: tests run in parallel and share the server. Tests of two-factor sign-in use the
 * `twoFactorAccount` fixture, a fresh company each.
 */
export const demoAccounts = {
  working: { email: 'admin@demo-freight.test', password: demoPassword },
  expiredPlan: { email: 'admin@expired-cargo.test', password: demoPassword },
  suspended: { email: 'admin@suspended-logistics.test', password: demoPassword },
  twoFactor: { email: 'admin@secure-shipping.test', password: demoPassword },
  /** Demo Freight Ltd's Viewer: read-only everywhere. */
  viewer: { email: 'viewer@demo-freight.test', password: demoPassword },
} as const;

/**
 * The browser tests' server mails at most one two-factor code per account in this time
 * (TWO_FACTOR_RESEND_INTERVAL_MS in playwright.config.ts; 30 s in the product).
 */
export const codeResendIntervalMs = 10_000;

/** The subject of a two-factor code mail ends with the code. */
export const codeMailSubject = 'sign-in code';
export const codeIn = (mail: TMail) => {
  const code = mail.subject.match(/\b(\d{6})$/)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
};

type TMail = {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number; fileId: string | null }[];
  createdAt: string;
};

/**
 * Waits for `count` captured mails to `to` whose subject contains `subject` (and, given `newerThan`,
 * that came after that mail); returns the newest.
 */
export const waitForMail = async (
  request: APIRequestContext,
  { to, subject, count = 1, newerThan }: { to: string; subject: string; count?: number; newerThan?: TMail },
) => {
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        const { data } = (await response.json()) as { data: TMail[] };
        const matching = data
          .filter((mail) => mail.subject.includes(subject))
          .filter((mail) => !newerThan || mail.createdAt > newerThan.createdAt)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        found = matching[0];
        return matching.length >= count;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as TMail;
};

/** The SPA link (`/auth/action?…`) in an identity mail, as a path for page.goto. */
export const actionPathIn = (mail: TMail) => {
  const link = mail.text.match(/https?:\/\/\S+\/auth\/action\?\S+/)?.[0];
  if (!link) throw new Error(`No action link in mail "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

export const identityApiKey = async (request: APIRequestContext) => {
  const { data } = (await (await request.get('/api/config')).json()) as {
    data: { identity: { projects: { name: string; apiKey: string }[]; projectForHost: string } };
  };
  const project = data.identity.projects.find(({ name }) => name === data.identity.projectForHost);
  if (!project) throw new Error('No identity project for this host');
  return project.apiKey;
};

/**
 * Signs the account in as the login screen does (identity sign-in, then GET
 * /iamserver/api/v1/auth/login): the identity answer, and the app token a session without a mailed
 * code gets.
 */
const signInByApi = async (
  request: APIRequestContext,
  { email, password }: { email: string; password: string },
) => {
  const apiKey = await identityApiKey(request);
  const signInResponse = await request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(signInResponse.ok(), await signInResponse.text()).toBe(true);
  const identity = (await signInResponse.json()) as {
    localId: string;
    email: string;
    idToken: string;
    refreshToken: string;
    expiresIn: string;
  };
  const login = await request.get('/iamserver/api/v1/auth/login', {
    headers: { authorization: identity.idToken },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { data } = (await login.json()) as { data: { jwt?: string } };
  if (!data.jwt) throw new Error(`No app token for ${email} (two-factor on?)`);
  return { apiKey, identity, jwt: data.jwt };
};

/**
 * A new app session for the account, as another tab or device signing in makes it: the value the
 * `token` cookie would hold there.
 */
export const newAppToken = async (request: APIRequestContext, account: { email: string; password: string }) =>
  (await signInByApi(request, account)).jwt;

/**
 * A company with its first user, made the way the register screen makes it (identity sign-up, then
 * POST /iamserver/api/v1/auth), with the email verified through the mailed link unless told not to.
 */
export const createCompanyUser = async (
  request: APIRequestContext,
  {
    label = 'user',
    isVerified = true,
    twoFactorAuth = false,
    email = uniqueEmail(label),
  }: { label?: string; isVerified?: boolean; twoFactorAuth?: boolean; email?: string } = {},
) => {
  const apiKey = await identityApiKey(request);
  const signUp = await request.post(`/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`, {
    data: { email, password: testPassword, returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const { idToken } = (await signUp.json()) as { idToken: string };
  const registration = await request.post('/iamserver/api/v1/auth', {
    headers: { authorization: idToken },
    data: { companyName: `E2E ${label} Freight`, firstName: 'Erin', lastName: 'Tester' },
  });
  expect(registration.ok(), await registration.text()).toBe(true);
  if (twoFactorAuth) {
    // Switched on the way an admin does it on /settings/company.
    const { data } = (await registration.json()) as { data: { jwt: string } };
    const switched = await request.patch('/iamserver/api/v1/companies/current', {
      headers: { authorization: data.jwt },
      data: { twoFactorAuth: true },
    });
    expect(switched.ok(), await switched.text()).toBe(true);
  }
  if (isVerified) {
    const mail = await waitForMail(request, { to: email, subject: 'Verify' });
    const oobCode = new URLSearchParams(actionPathIn(mail).split('?')[1]).get('oobCode');
    const applied = await request.post(`/identitytoolkit.googleapis.com/v1/accounts:update?key=${apiKey}`, {
      data: { oobCode },
    });
    expect(applied.ok(), await applied.text()).toBe(true);
  }
  return { email, password: testPassword };
};

/**
 * Goes to `path` inside the running app, as following one of its links does: the router changes
 * screen without loading the page again, so the session, the reference lists and the caches stay.
 * A test that visits many screens pays one page load, not one per screen.
 */
export const goInApp = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
};

const idTokenClaims = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    email_verified?: boolean;
  };

/**
 * What the login screen leaves in a browser, put there without the screen: the identity user the
 * SDK keeps in local storage and the app's `token` cookie, both from the same calls the screen makes
 * (identity sign-in, then GET /iamserver/api/v1/auth/login). The page must already be on the app's
 * origin; it is not reloaded, so an app open in it learns of the sign-in as from another tab.
 */
export const storeSignIn = async (page: Page, account: { email: string; password: string }) => {
  const { apiKey, identity, jwt } = await signInByApi(page.request, account);

  // The SDK's record of its signed-in user (firebase/auth, browserLocalPersistence). On start it
  // looks the user up again with the server, so what it does not hold here it fetches.
  const storedUser = {
    uid: identity.localId,
    email: identity.email,
    emailVerified: idTokenClaims(identity.idToken).email_verified === true,
    isAnonymous: false,
    providerData: [],
    stsTokenManager: {
      refreshToken: identity.refreshToken,
      accessToken: identity.idToken,
      expirationTime: Date.now() + Number(identity.expiresIn) * 1000,
    },
    apiKey,
    appName: '[DEFAULT]',
  };
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    `firebase:authUser:${apiKey}:[DEFAULT]`,
    JSON.stringify(storedUser),
  ] as const);
  await page
    .context()
    .addCookies([
      { name: constants.tokenCookieName, value: jwt, url: new URL('/', page.url()).href, sameSite: 'Lax' },
    ]);
};

/**
 * Signs in as the login screen leaves a browser (`storeSignIn`), then opens the dashboard, or the
 * screen `at` names, whose start-up resumes that session: a test that works on one screen loads the
 * app once. The login screen itself is driven by `signInThroughScreen`, in e2e/sign-in.spec.ts and
 * wherever a test is about signing in.
 */
export const signIn = async (
  page: Page,
  account: { email: string; password: string },
  { at = '/dashboard' }: { at?: string } = {},
) => {
  // Local storage belongs to the origin: any page of it will do, and this one loads no app.
  await page.goto('/healthz');
  await storeSignIn(page, account);
  await page.goto(at);
  // The session was taken: the dashboard greets, any other screen shows the signed-in layout.
  await expect(
    at === '/dashboard'
      ? page.getByRole('heading', { level: 1, name: /Welcome/ })
      : page.getByRole('link', { name: 'Cargodesk dashboard' }),
  ).toBeVisible({ timeout: 15_000 });
};

/** Signs in through the login screen and waits for the dashboard. */
export const signInThroughScreen = async (
  page: Page,
  { email, password }: { email: string; password: string },
) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in, session, user and the six reference lists: allow for a busy two-core machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
};

/**
 * Fails on WCAG 2.1 A/AA problems axe finds in what is on screen now (docs/architecture.md: labelled controls,
 * keyboard navigation, focus in modals).
 */
export const expectAccessible = async (
  page: Page,
  {
    include,
    exclude = [],
    isFrameSkipped = false,
  }: {
    include?: string;
    exclude?: string[];
    /**
     * Leaves out the page's frames: a sandboxed preview (a template's rendering, not our screen)
     * runs no script, so axe cannot look inside it and would wait for it for ever.
     */
    isFrameSkipped?: boolean;
  } = {},
) => {
  // Colours mid-fade are not the ones a person reads: contrast is checked once motion has settled.
  // A spinner turns for as long as its wait lasts, which is no fade: only finite animations count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  // Options first: they replace what `withTags` sets. Legacy mode runs axe in the page and its
  // frames at once; the default opens a blank page of its own to gather the frames' results, and
  // that page (a renderer, axe loaded again) made a check cost 0.7-1.2 s rather than 0.2 s. Our
  // screens' only frames are the template previews, which run no script and are skipped.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options(isFrameSkipped ? { iframes: false } : {})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (isFrameSkipped) builder = builder.exclude('iframe');
  // With a modal or drawer open, the page behind its mask is out of reach: check the dialog.
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n').at(-1)?.trim() ?? ''})`).join(', ')}`,
  );
  expect(summary).toEqual([]);
};

/** A second user of the admin's company: invited, sets the password from the invite mail, signs in. */
export const inviteColleague = async (request: APIRequestContext, token: string, label = 'colleague') => {
  const email = uniqueEmail(label);
  const invite = await request.post('/iamserver/api/v1/users/invite', {
    headers: { authorization: token },
    data: { email, firstName: 'Hal', lastName: 'Holder' },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const { data: invited } = (await invite.json()) as { data: { _id: string } };

  const mail = await waitForMail(request, { to: email, subject: '' });
  const oobCode = new URLSearchParams(actionPathIn(mail).split('?')[1]).get('oobCode');
  const apiKey = await identityApiKey(request);
  const reset = await request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${apiKey}`,
    {
      data: { oobCode, newPassword: testPassword },
    },
  );
  expect(reset.ok(), await reset.text()).toBe(true);
  const { jwt } = await signInByApi(request, { email, password: testPassword });
  return { userId: invited._id, email, jwt };
};
