import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
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
        handledClientError.test(text) || Boolean(expectedConsoleErrors?.test(text));
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
  // The two-factor demo admin, for one test at a time (the helpers are below, with demoAccounts).
  twoFactorAccount: async ({ request }, use, testInfo) => {
    const startedAt = Date.now();
    const release = await holdExclusively('two-factor-account');
    try {
      await waitForCodeResendInterval(request, demoAccounts.twoFactor.email);
      // Waiting for the other test is not this test's own time.
      testInfo.setTimeout(testInfo.timeout + (Date.now() - startedAt));
      await use(demoAccounts.twoFactor);
    } finally {
      release();
    }
  },
});

export { expect };

let counter = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (label: string) => {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.cargodesk.test`;
};

export const testPassword = 'Harbour-Crane-42';

/**
 * The companies the server seeds at start (apps/server/src/db/seed/demo-seed.ts), their admins'
 * e-mails verified, all with the password the web server is started with. Each is used by one test
 * only: tests run in parallel and share the server. The two-factor admin is the exception: several
 * tests sign in with it, one at a time, through the `twoFactorAccount` fixture.
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
 * A lock shared by the workers of one run (its name carries the run's fresh data dir): waits until
 * no other worker holds `name`, then returns the release.
 */
const holdExclusively = async (name: string) => {
  const run = path.basename(process.env.CARGODESK_E2E_DATA_DIR ?? 'cargodesk-e2e');
  const lockPath = path.join(os.tmpdir(), `${run}-${name}.lock`);
  for (;;) {
    try {
      mkdirSync(lockPath);
      return () => rmSync(lockPath, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
};

/** The server mails at most one two-factor code per account in this time (twoFactorRules.resendIntervalMs). */
export const codeResendIntervalMs = 30_000;

/** The subject of a two-factor code mail ends with the code. */
export const codeMailSubject = 'sign-in code';
export const codeIn = (mail: TMail) => {
  const code = mail.subject.match(/\b(\d{6})$/)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
};

/**
 * Waits until the account's last code mail is older than the resend interval, so that signing in
 * mails a fresh code (the server stays silent while a code is fresh or still unused) and the first
 * resend is not refused for being too soon after another test's code.
 */
const waitForCodeResendInterval = async (request: APIRequestContext, to: string) => {
  const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  const { data } = (await response.json()) as { data: TMail[] };
  const newest = data
    .filter((mail) => mail.subject.includes(codeMailSubject))
    .map((mail) => Date.parse(mail.createdAt))
    .sort((a, b) => b - a)[0];
  const waitMs = newest === undefined ? 0 : newest + codeResendIntervalMs + 1_000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
};

type TMail = { _id: string; to: string; subject: string; text: string; html: string; createdAt: string };

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
 * A new app session for the account, as another tab or device signing in makes it (identity sign-in,
 * then GET /iamserver/api/v1/auth/login): the value the `token` cookie would hold there.
 */
export const newAppToken = async (
  request: APIRequestContext,
  { email, password }: { email: string; password: string },
) => {
  const apiKey = await identityApiKey(request);
  const signInResponse = await request.post(
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(signInResponse.ok(), await signInResponse.text()).toBe(true);
  const { idToken } = (await signInResponse.json()) as { idToken: string };
  const login = await request.get('/iamserver/api/v1/auth/login', { headers: { authorization: idToken } });
  expect(login.ok(), await login.text()).toBe(true);
  const { data } = (await login.json()) as { data: { jwt?: string } };
  if (!data.jwt) throw new Error(`No app token for ${email} (two-factor on?)`);
  return data.jwt;
};

/**
 * A company with its first user, made the way the register screen makes it (identity sign-up, then
 * POST /iamserver/api/v1/auth), with the e-mail verified through the mailed link unless told not to.
 */
export const createCompanyUser = async (
  request: APIRequestContext,
  { label = 'user', isVerified = true }: { label?: string; isVerified?: boolean } = {},
) => {
  const email = uniqueEmail(label);
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

/** Signs in through the login screen and waits for the dashboard. */
export const signIn = async (page: Page, { email, password }: { email: string; password: string }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Sign-in, session, user and the six reference lists: allow for a busy two-core machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
};

/**
 * Fails on WCAG 2.1 A/AA problems axe finds in what is on screen now (DESIGN §9: labelled controls,
 * keyboard navigation, focus in modals).
 */
export const expectAccessible = async (page: Page, { exclude = [] }: { exclude?: string[] } = {}) => {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
};
