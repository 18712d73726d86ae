import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './apps/server/test/server-process.ts';

// Workers load this file again; the environment carries the runner's choices to them.
if (!process.env.CARGODESK_E2E_PORT) {
  process.env.CARGODESK_E2E_PORT = String(await freePort());
}
// e2e/single-sign-on.spec.ts answers the server's DNS look-ups for domain proofs on this UDP port.
if (!process.env.CARGODESK_E2E_DNS_PORT) {
  process.env.CARGODESK_E2E_DNS_PORT = String(await freePort());
}
if (!process.env.CARGODESK_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cargodesk-e2e-'));
  process.env.CARGODESK_E2E_DATA_DIR = dataDir;
  // On exit, after Playwright has stopped the server that used it.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = process.env.CARGODESK_E2E_PORT;
export const demoPassword = 'e2e-demo-password';
const baseURL = `http://127.0.0.1:${port}`;

/** The installation's operator in the browser tests (e2e/serve.mjs grants it): may apply catalogue imports. */
export const platformAdminEmail = 'admin@demo-freight.test';

/**
 * How e2e/serve.mjs runs for a browser test: the same command a user runs, on a fresh data dir with
 * the capture mail transport, after the operator's command made the demo admin a platform
 * administrator. This config's server and the integrations spec's own both start so.
 */
export const serverEnvironment = ({
  port,
  publicUrl,
  dataDir,
}: {
  port: string;
  publicUrl: string;
  dataDir: string;
}) => ({
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  // The flows read verification links and two-factor codes there.
  DEV_MAILBOX: 'true',
  LOG_LEVEL: 'warn',
  // The seeded demo companies (working, expired, suspended, two-factor) sign in with this password.
  DEMO_PASSWORD: demoPassword,
  CARGODESK_E2E_OPERATOR: platformAdminEmail,
  // Every test signs up and registers a company from 127.0.0.1.
  SIGN_UP_LIMIT_PER_HOUR: '100000',
  // Every sign-in through a screen costs a hash; the unit tests check the real cost.
  PASSWORD_HASH_COST: '10',
  // e2e/session-behaviour.spec.ts waits it out once to send a second code (fixtures.ts).
  TWO_FACTOR_RESEND_INTERVAL_MS: '10000',
});

const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** The system's Chromium, quiet: no sandbox (root in a container), GPU, background traffic or updates. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // A test's pages live for seconds: V8's optimising compiler costs more CPU than it wins back
    // there, and the suite is CPU-bound on two cores (list-kit and contacts: 86 s against 96 s).
    '--js-flags=--no-opt',
    // Each browser context is a window whose address bar preloads two pages of its own (the omnibox
    // popups) in renderers of their own: 5-6% of the suite's time, for a bar no test types in.
    // Chromium takes the last --disable-features only, so this one repeats those of Playwright's own
    // list (playwright-core 1.65, chromiumSwitches.ts) that apply to Chromium on Linux.
    `--disable-features=${[
      ...playwrightDisabledFeatures,
      'WebUIOmniboxPopup',
      'WebUIOmniboxAimPopup',
      'WebUIOmniboxFullPopup',
    ].join(',')}`,
  ],
};

export default defineConfig({
  testDir: 'e2e',
  // Every test makes its own company, so tests of one file spread over both workers and neither
  // waits idle at the end behind a long file.
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a test that passes only the second time is a race to fix at its cause (issue 37).
  retries: 0,
  workers: 2,
  // Sign-in hashes passwords with scrypt and loads six reference lists; two workers share two cores,
  // so a flow that signs in and saves a screen gets a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    // Recording a trace of every test, kept only when one fails, cost 45% of the suite's time on two
    // cores (list-kit and roles: 227 s against 127 s). To look into a failure, run its spec with
    // `npx playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
    // The app turns antd's animations off for a user who asks for less motion. A click that lands
    // while a drawer or a confirmation is still sliding in is then never lost on a busy machine.
    contextOptions: { reducedMotion: 'reduce' },
  },
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/readyz`,
    env: {
      ...serverEnvironment({ port, publicUrl: baseURL, dataDir: process.env.CARGODESK_E2E_DATA_DIR }),
      // e2e/single-sign-on.spec.ts runs its OpenID provider on plain http://127.0.0.1.
      SSO_ALLOW_HTTP_ISSUERS: 'true',
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      SSO_DNS_SERVERS: `127.0.0.1:${process.env.CARGODESK_E2E_DNS_PORT}`,
      // The SPA posts its ID tokens to the same-origin token-sync URL (email-link.spec.ts checks it).
      IDENTITY_TOKEN_SYNC: 'true',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
  },
});
