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
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !handledClientError.test(message.text())) {
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
 * only: tests run in parallel and share the server.
 */
export const demoAccounts = {
  working: { email: 'admin@demo-freight.test', password: demoPassword },
  expiredPlan: { email: 'admin@expired-cargo.test', password: demoPassword },
  suspended: { email: 'admin@suspended-logistics.test', password: demoPassword },
  twoFactor: { email: 'admin@secure-shipping.test', password: demoPassword },
  /** Demo Freight Ltd's Viewer: read-only everywhere. */
  viewer: { email: 'viewer@demo-freight.test', password: demoPassword },
} as const;

type TMail = { _id: string; to: string; subject: string; text: string; html: string; createdAt: string };

/** Waits for `count` captured mails to `to` whose subject contains `subject`; returns the newest. */
export const waitForMail = async (
  request: APIRequestContext,
  { to, subject, count = 1 }: { to: string; subject: string; count?: number },
) => {
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
        const { data } = (await response.json()) as { data: TMail[] };
        const matching = data
          .filter((mail) => mail.subject.includes(subject))
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

const identityApiKey = async (request: APIRequestContext) => {
  const { data } = (await (await request.get('/api/config')).json()) as {
    data: { identity: { projects: { name: string; apiKey: string }[]; projectForHost: string } };
  };
  const project = data.identity.projects.find(({ name }) => name === data.identity.projectForHost);
  if (!project) throw new Error('No identity project for this host');
  return project.apiKey;
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
