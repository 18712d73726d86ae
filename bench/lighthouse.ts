import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, stopServer, waitForStart } from '../apps/server/test/server-process.ts';
import { buildServer, demoLogin, spawnCompiledServer } from './compiled-server.ts';
import { loadLighthouse } from './tools.ts';

// `npm run bench -- lighthouse`: Lighthouse performance scores of /login and of /dashboard signed in,
// mobile (Lighthouse's default, simulated slow 4G and a slower CPU) and desktop, against the compiled
// server as `npm start` runs it, in the system Chromium; then the bundle bench's gzip sizes. Builds
// the web app and the server first unless BENCH_NO_BUILD=1. Exits 1 when a score is below 95.

const targetScore = 95;
const { lighthouse, desktopConfig } = await loadLighthouse();
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const benchDir = path.dirname(new URL(import.meta.url).pathname);

// The bundle bench builds the web app (with its precompressed assets) unless BENCH_NO_BUILD=1,
// and prints the sizes these scores go with; its own verdict on the budgets is its exit code, not ours.
spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, 'run.ts'), 'bundle'], {
  stdio: 'inherit',
});
if (process.env.BENCH_NO_BUILD !== '1') buildServer();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-lighthouse-'));
const port = await freePort();
const debuggingPort = await freePort();
const origin = `http://localhost:${port}`;
const server = spawnCompiledServer({ DATA_DIR: dataDir, PORT: String(port) });

// The browser's default context (a persistent profile), so that the sign-in below is the session
// Lighthouse's own tab sees: it keeps storage between runs (disableStorageReset).
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromePath,
  headless: true,
  args: ['--headless=new', '--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
});

const score = async (url: string, formFactor: 'mobile' | 'desktop') => {
  const result = await lighthouse(
    url,
    { port: debuggingPort, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath}: not signed in?`);
  return {
    page: new URL(url).pathname,
    formFactor,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    FCP: metric('first-contentful-paint'),
    LCP: metric('largest-contentful-paint'),
    TBT: metric('total-blocking-time'),
    CLS: metric('cumulative-layout-shift'),
    'transfer (KB)': Math.round(Number(lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024),
  };
};

try {
  await waitForStart(server, 180_000);
  const rows = [];
  for (const formFactor of ['mobile', 'desktop'] as const)
    rows.push(await score(`${origin}/login`, formFactor));

  // Signs in as a person would (e2e/fixtures.ts signIn), in the context Lighthouse uses.
  const { email, password } = demoLogin(server.output());
  const page = await browser.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
  for (const formFactor of ['mobile', 'desktop'] as const)
    rows.push(await score(`${origin}/dashboard`, formFactor));

  console.table(rows.map((row) => ({ ...row, result: row.score >= targetScore ? 'ok' : 'BELOW' })));
  if (rows.some((row) => row.score < targetScore)) process.exitCode = 1;
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profileDir, { recursive: true, force: true });
}
