import type { Page } from '@playwright/test';
import { startDnsTestServer, type TDnsTestServer } from '../apps/server/test/dns-test-server.ts';
import { startOidcTestProvider, type TOidcTestProvider } from '../apps/server/test/oidc-test-provider.ts';
import { createCompanyUser, expect, expectAccessible, signIn, test } from './fixtures.ts';

// Single sign-on (docs/decisions/020-single-sign-on.md) against a real OpenID provider (panva's
// oidc-provider) on 127.0.0.1: an admin sets it up on /settings/company, then a person at the
// company's domain signs in through the provider's own login and consent pages.

// The provider's development pages load a web font from the internet, which the test machine cannot reach.
test.use({ expectedConsoleErrors: /^Failed to load resource: net::ERR_/ });

// One worker runs this file's tests: the name server below listens on the one port the server asks.
test.describe.configure({ mode: 'default' });

let provider: TOidcTestProvider;
let dns: TDnsTestServer;
const domain = `sso-${Date.now().toString(36)}-${process.pid}.test`;

test.beforeAll(async ({ baseURL }) => {
  // The server asks this name server for domain proofs (SSO_DNS_SERVERS in playwright.config.ts).
  dns = await startDnsTestServer({ port: Number(process.env.CARGODESK_E2E_DNS_PORT) });
  provider = await startOidcTestProvider({
    redirectUris: [`${baseURL}/iamserver/api/v1/auth/sso/callback`],
  });
});
test.afterAll(async () => {
  await provider?.close();
  await dns?.close();
});

/** Types a domain into the tags field and presses Enter, as a person adds one. */
const addDomain = async (page: Page, value: string) => {
  await page.getByLabel('E-mail domains').fill(value);
  await page.getByLabel('E-mail domains').press('Enter');
};

test('an admin sets up single sign-on, and a person at the domain signs in through the provider to the dashboard', async ({
  page,
  browser,
  request,
}) => {
  // Two sign-ins, three accessibility checks and the provider's pages: more than one flow's minute.
  test.setTimeout(150_000);
  const admin = await createCompanyUser(request, { label: 'sso-admin' });
  await signIn(page, admin, { at: '/settings/company' });
  const card = page.locator('#single-sign-on');
  await expect(card.getByRole('form', { name: 'Single sign-on settings' })).toBeVisible();
  await expect(card.getByText('/iamserver/api/v1/auth/sso/callback').first()).toBeVisible();

  // Refused before anything is sent, in the server's own words.
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(card.getByText('The issuer URL must be the identity provider’s issuer URL')).toBeVisible();
  await expect(card.getByText('Name at least one e-mail domain.')).toBeVisible();
  await expectAccessible(page, { include: '#single-sign-on' });

  // A public mail domain is refused by the server's schema too.
  await card.getByLabel('Issuer URL').fill(provider.issuer);
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByText('The identity provider answered')).toBeVisible();
  await card.getByLabel('Client ID').fill(provider.clientId);
  await card.getByLabel('Client secret').fill(provider.clientSecret);
  // A change not saved yet says so beside its card's Save, and another page asks first, though
  // the company's own form above it is unchanged.
  await expect(card.getByRole('status').filter({ hasText: 'Not saved yet' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Users' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/settings\/company$/);
  await expect(card.getByLabel('Client ID')).toHaveValue(provider.clientId);
  await addDomain(page, 'gmail.com');
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(card.getByText('gmail.com is a public mail service that no company owns')).toBeVisible();
  await card.locator('.ant-select-selection-item', { hasText: 'gmail.com' }).getByLabel('close').click();
  await addDomain(page, domain);
  await card.getByRole('switch', { name: 'Create accounts on first sign-in' }).click();

  // Requiring it is confirmed first; cancelled, nothing is saved.
  await card.getByRole('switch', { name: 'Require single sign-on' }).click();
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  const confirm = page.getByRole('dialog', { name: 'Require single sign-on?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, { include: '.ant-modal' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('switch', { name: 'Require single sign-on' }).click();
  await card.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(page.getByText('Single sign-on settings saved.')).toBeVisible();
  await expect(card.getByText('Stored and never shown. Leave empty to keep it.')).toBeVisible();
  await expect(card.getByText('Not saved yet')).toHaveCount(0);
  // The domain waits for its DNS proof: checked before the record exists, then after it is published.
  await expect(card.getByText('Waiting for its DNS record')).toBeVisible();
  await card.getByRole('button', { name: 'Check DNS records' }).click();
  await expect(
    card.getByText(`No TXT record with the expected value was found yet for ${domain}.`),
  ).toBeVisible();
  await expectAccessible(page, { include: '#single-sign-on' });
  const recordName = await card.getByText(`_cargodesk-sso.${domain}`).innerText();
  const recordValue = await card.getByText(/^cargodesk-domain-verification=/).innerText();
  dns.setTxt(recordName, recordValue);
  await card.getByRole('button', { name: 'Check DNS records' }).click();
  await expect(page.getByText(`Domain proven: ${domain}.`)).toBeVisible();
  await expect(card.getByText('Proven', { exact: true })).toBeVisible();
  // On a phone the card fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByRole('button', { name: 'Save single sign-on' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Another browser: a person of the domain with no account yet (just-in-time provisioning).
  const context = await browser.newContext();
  const person = await context.newPage();
  const email = `jo@${domain}`;
  await person.goto('/login');
  await person.getByRole('button', { name: 'Use single sign-on' }).click();
  await person.getByLabel('Work email').fill(email);
  await person.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // The provider's own server-rendered pages: its login form (the login prefilled from the hint), then consent.
  await expect(person).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(person.locator('input[name="login"]')).toHaveValue(email);
  await person.locator('input[name="password"]').fill('any password');
  await person.getByRole('button', { name: 'Sign-in' }).click();
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(person).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(person.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await context.close();
});

test('the login page tells why a single sign-on was refused, and which domains have none', async ({
  page,
}) => {
  await page.goto('/login?sso_error=other-company');
  await expect(page.getByRole('alert')).toContainText(
    'This e-mail address belongs to a member of another company and cannot sign in through this identity provider.',
  );
  await page.getByRole('button', { name: 'Use single sign-on' }).click();
  await page.getByLabel('Work email').fill(`someone@no-sso-${Date.now().toString(36)}.test`);
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page.getByRole('alert')).toContainText('Single sign-on is not set up for this e-mail domain.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign in with a password instead' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
});
