import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../apps/server/test/server-process.ts';
import { chromiumLaunchOptions, serverEnvironment } from '../playwright.config.ts';
import {
  allVendorHosts,
  envelopeItems,
  replayRecordingText,
  startFakeVendors,
  type TFakeVendors,
  vendorHosts,
} from './fake-vendors.ts';
import { test as base, createCompanyUser, demoAccounts, expect } from './fixtures.ts';

// The production host's integrations (docs/decisions/021-integrations-and-csp.md), without the
// internet: a server of this file's own with PRODUCTION_HOST and fake keys, and a Chromium whose
// resolver sends the production host to that server and every vendor host to e2e/fake-vendors.ts.

const productionHost = 'app.cargodesk.com';
const keys = {
  maps: 'fake-maps-key',
  pendo: 'fake-pendo-key',
  dsn: `https://publickey@${vendorHosts.sentryIngest}/42`,
  analyticsSite: 'app.cargodesk.com',
  chat: 'fake-crisp-website',
};

type TAppServer = { port: number };

const startAppServer = async (): Promise<{ port: number; stop: () => Promise<void> }> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cargodesk-e2e-integrations-'));
  const child: ChildProcess = spawn(process.execPath, ['e2e/serve.mjs'], {
    env: {
      ...process.env,
      // The demo companies are seeded into the production host's identity project.
      ...serverEnvironment({ port: String(port), publicUrl: `http://${productionHost}:${port}`, dataDir }),
      PRODUCTION_HOST: productionHost,
      GOOGLE_MAPS_KEY: keys.maps,
      PENDO_KEY: keys.pendo,
      // The browser's DSN only: the server side has its own test (error-reporting.test.ts).
      SENTRY_BROWSER_DSN: keys.dsn,
      WEB_ANALYTICS_SCRIPT_URL: `https://${vendorHosts.analytics}/js/script.js`,
      WEB_ANALYTICS_SITE_ID: keys.analyticsSite,
      CRISP_WEBSITE_ID: keys.chat,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('the integrations server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const test = base.extend<{ productionOrigin: string }, { vendors: TFakeVendors; appServer: TAppServer }>({
  vendors: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const vendors = await startFakeVendors();
      await use(vendors);
      await vendors.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startAppServer();
      await use({ port: server.port });
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  browser: [
    async ({ playwright, vendors }, use) => {
      const browser = await playwright.chromium.launch({
        ...chromiumLaunchOptions,
        args: [
          ...chromiumLaunchOptions.args,
          '--ignore-certificate-errors',
          `--host-resolver-rules=${[`MAP ${productionHost} 127.0.0.1`, ...vendors.resolverRules].join(', ')}`,
        ],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ appServer }, use) => use(`http://127.0.0.1:${appServer.port}`),
  productionOrigin: async ({ appServer }, use) => use(`http://${productionHost}:${appServer.port}`),
});

test.use({
  ignoreHTTPSErrors: true,
  // The test's production host is served over plain http, where the browser says it ignores COOP.
  expectedConsoleErrors: /The Cross-Origin-Opener-Policy header has been ignored/,
});
// One server for the file: its tests share it, one after another.
test.describe.configure({ mode: 'serial' });

const signInAt = async (
  page: Page,
  origin: string,
  { email, password }: { email: string; password: string },
) => {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
};

/** The CSP header as directive → sources. */
const parsePolicy = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  ) as Record<string, string[]>;

const sentryEnvelopes = (vendors: TFakeVendors) =>
  vendors.requests
    .filter(({ host, path: url }) => host === vendorHosts.sentryIngest && url.startsWith('/api/42/envelope/'))
    .map(({ body }) => envelopeItems(body));

test('on the production host every integration loads, learns who is signed in, and the CSP allows exactly them', async ({
  page,
  vendors,
  productionOrigin,
}) => {
  const response = await page.goto(`${productionOrigin}/login`);
  const policy = parsePolicy(response?.headers()['content-security-policy']);
  const nonce = policy['script-src']?.find((source) => source.startsWith("'nonce-"));
  expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
  expect(policy['script-src']).toEqual([
    "'self'",
    nonce,
    "'strict-dynamic'",
    'https://maps.googleapis.com',
    'https://maps.gstatic.com',
    'https://cdn.pendo.io',
    'https://app.pendo.io',
    'https://plausible.io',
    'https://client.crisp.chat',
    'https://settings.crisp.chat',
  ]);
  expect(policy['connect-src']).toEqual([
    "'self'",
    'https://maps.googleapis.com',
    'https://app.pendo.io',
    'https://data.pendo.io',
    'https://o1.ingest.sentry.io',
    'https://plausible.io',
    'https://client.crisp.chat',
    'https://storage.crisp.chat',
    'wss://client.relay.crisp.chat',
    'wss://stream.relay.crisp.chat',
  ]);
  expect(policy['frame-src']).toEqual(["'self'", 'https://app.pendo.io', 'https://game.crisp.chat']);
  expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
  expect(policy['style-src']).toContain("'unsafe-inline'");
  expect(policy['style-src']).not.toContainEqual(expect.stringMatching(/^'nonce-/));
  expect(JSON.stringify(policy['script-src'])).not.toContain('unsafe-inline');
  // A fresh nonce per response.
  const againPolicy = await page.evaluate(async () => {
    const again = await fetch('/login', { headers: { accept: 'text/html' } });
    return again.headers.get('content-security-policy');
  });
  expect(againPolicy).toMatch(/'nonce-/);
  expect(againPolicy).not.toContain(nonce);

  // Before sign-in: error reporting and web analytics only.
  await expect
    .poll(() => vendors.reportsTo(vendorHosts.analytics, '/api/event'))
    .toEqual([{ n: 'pageview', d: keys.analyticsSite, u: `${productionOrigin}/login` }]);
  expect(vendors.requests.filter(({ host }) => host === vendorHosts.maps)).toEqual([]);

  await signInAt(page, productionOrigin, demoAccounts.working);
  const { user, company } = await page.evaluate(async () => {
    const token = document.cookie.match(/(?:^|; )token=([^;]*)/)?.[1] ?? '';
    const reply = await fetch('/iamserver/api/v1/auth/fetch-users-by-token', {
      headers: { authorization: decodeURIComponent(token) },
    });
    const { data } = (await reply.json()) as {
      data: {
        _id: string;
        emailId: string;
        firstName: string;
        lastName: string;
        name: string;
        company: { _id: string; name: string; subscripedPlan: { name: string } };
      }[];
    };
    const [first] = data;
    if (!first) throw new Error('no signed-in user');
    return { user: first, company: first.company };
  });
  const fullName = user.name || `${user.firstName} ${user.lastName}`;

  // The product analytics agent: the server's key in the script path, visitor and account.
  await expect
    .poll(() => vendors.reportsTo(vendorHosts.pendoData, '/data/initialize'))
    .toEqual([
      {
        visitor: { id: user._id, email: user.emailId, full_name: fullName },
        account: { id: company._id, name: company.name, plan: company.subscripedPlan.name },
      },
    ]);
  expect(vendors.requests.map(({ host, path: url }) => `${host}${url}`)).toContain(
    `${vendorHosts.pendoCdn}/agent/static/${keys.pendo}/pendo.js`,
  );

  // The support chat: the website id, then the user's email, name and company.
  await expect
    .poll(() => vendors.reportsTo(vendorHosts.chat, '/record'))
    .toEqual([
      {
        websiteId: keys.chat,
        commands: [
          ['set', 'user:email', [user.emailId]],
          ['set', 'user:nickname', [fullName]],
          ['set', 'user:company', [company.name]],
        ],
      },
    ]);
  await expect(page.locator('.crisp-client')).toHaveText('Support chat');

  // The maps script: the key, the places library, English.
  const mapsRequest = vendors.requests.find(({ host }) => host === vendorHosts.maps);
  const mapsQuery = new URL(`https://x${mapsRequest?.path ?? ''}`).searchParams;
  expect([mapsQuery.get('key'), mapsQuery.get('libraries'), mapsQuery.get('language')]).toEqual([
    keys.maps,
    'places',
    'en',
  ]);

  // Every injected script carries the page's nonce.
  const scriptNonces = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-cargodesk-injected]')).map(
      (script) => [script.id, script.nonce !== ''],
    ),
  );
  expect(new Map(scriptNonces as [string, boolean][])).toEqual(
    new Map([
      ['web-analytics', true],
      ['google-maps', true],
      ['pendo-agent', true],
      ['support-chat', true],
    ]),
  );

  // The company address is filled from a chosen place.
  await page.goto(`${productionOrigin}/settings/company`);
  await expect(page.getByRole('heading', { level: 2, name: 'Company profile' })).toBeVisible();
  const search = page.getByLabel('Search for the address');
  await search.fill('Am Sandtorkai 1');
  await search.press('Enter');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('Fake Place: Am Sandtorkai 1');

  // An error: reported with the user and the company, and the replay, all text masked, with it.
  const pageText = await page.locator('body').innerText();
  expect(pageText).toContain('Company profile');
  await page.evaluate(() =>
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'integration probe', error: new Error('integration probe') }),
    ),
  );
  await expect
    .poll(
      () =>
        sentryEnvelopes(vendors)
          .flat()
          .map(({ header }) => header.type),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['event', 'replay_event', 'replay_recording']));
  const items = sentryEnvelopes(vendors).flat();
  const event = items.find(({ header }) => header.type === 'event');
  const errorEvent = JSON.parse(event?.payload.toString('utf8') ?? '{}') as {
    user?: unknown;
    contexts?: { company?: unknown };
    exception?: { values?: { value?: string }[] };
  };
  expect(errorEvent.exception?.values?.[0]?.value).toBe('integration probe');
  expect(errorEvent.user).toEqual({ id: user._id, email: user.emailId });
  expect(errorEvent.contexts?.company).toEqual({ id: company._id, name: company.name });
  const recordings = items
    .filter(({ header }) => header.type === 'replay_recording')
    .map(({ payload }) => replayRecordingText(payload));
  expect(recordings.join('')).toContain('"type":2'); // a full snapshot of the page
  for (const recording of recordings) {
    for (const text of ['Company profile', company.name, user.emailId, 'Am Sandtorkai', 'Fake Place']) {
      expect(recording).not.toContain(text);
    }
  }
});

test('logout removes the integrations and reloads the page', async ({ page, vendors, productionOrigin }) => {
  await signInAt(page, productionOrigin, demoAccounts.viewer);
  await expect(page.locator('.crisp-client')).toBeVisible();
  await expect.poll(() => page.evaluate(() => 'pendo' in window && 'google' in window)).toBe(true);
  await page.evaluate(() => {
    (window as { beforeLogout?: boolean }).beforeLogout = true;
  });
  const chatReportsBefore = vendors.reportsTo(vendorHosts.chat, '/record').length;

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByLabel('Email')).toBeVisible();

  // A new page: nothing the signed-in one set is left.
  expect(await page.evaluate(() => (window as { beforeLogout?: boolean }).beforeLogout)).toBeUndefined();
  expect(
    await page.evaluate(() => ({
      scripts: Array.from(document.querySelectorAll('script[data-cargodesk-injected]')).map(({ id }) => id),
      globals: ['pendo', 'google', '$crisp', 'CRISP_WEBSITE_ID'].filter((name) => name in window),
      widgets: document.querySelectorAll('.crisp-client').length,
    })),
  ).toEqual({ scripts: ['web-analytics'], globals: [], widgets: 0 });
  // The chat was told to forget the conversation before the reload.
  expect(vendors.reportsTo(vendorHosts.chat, '/record').slice(chatReportsBefore)).toContainEqual({
    websiteId: keys.chat,
    commands: [['do', 'session:reset']],
  });
});

test('on another host nothing loads and no vendor is asked, and the CSP stays our own', async ({
  page,
  request,
  vendors,
  baseURL,
}) => {
  const user = await createCompanyUser(request, { label: 'integrations' });
  const before = vendors.requests.length;

  const response = await page.goto('/login');
  const policy = parsePolicy(response?.headers()['content-security-policy']);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['connect-src']).toEqual(["'self'"]);
  expect(policy['frame-src']).toBeUndefined();
  expect(await page.locator('[nonce]').count()).toBe(0);
  const config = await (await request.get(`${baseURL}/api/config`)).json();
  expect(config.data.integrations).toEqual({});

  await signInAt(page, baseURL ?? '', user);
  await page.goto('/settings/company');
  await expect(page.getByRole('heading', { level: 2, name: 'Company profile' })).toBeVisible();
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Search for the address')).toHaveCount(0);
  expect(await page.locator('script[data-cargodesk-injected]').count()).toBe(0);
  expect(await page.evaluate(() => ['pendo', 'google', '$crisp'].filter((name) => name in window))).toEqual(
    [],
  );

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login/);

  expect(vendors.requests.slice(before).filter(({ host }) => allVendorHosts.includes(host))).toEqual([]);
});
