import { defaultTemplatePage, type TTemplate, type TTemplateSummary } from '@cargodesk/shared';
import { chromium } from 'playwright-core';
import { findChromium } from '../apps/server/src/pdf/find-chromium.ts';
import { signInForAppToken } from './sign-in.ts';
import { startBenchServer } from './start-server.ts';

// `npm run bench -- pdf`: how long a document takes to print. The seeded arrival notice is printed
// through the API (POST /templateserver/api/v1/templates/pdf: the check, the render with the sample
// data, the queue and a fresh browser context each time), 20 times one after the other and 5 at
// once (4 rounds). The baseline is the same browser printing a one-line page with no context of its
// own, measured in the same run: the ratio is what the product adds to Chromium's own printing.

const sequential = 20;
const concurrent = 5;
const concurrentRounds = 4;
const demoPassword = 'bench-pdf';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const summary = (timings: number[]) => {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)) };
};
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};
const runSequential = async (render: () => Promise<unknown>) => {
  const timings: number[] = [];
  for (let index = 0; index < sequential; index += 1) timings.push(await timed(render));
  return timings;
};
const runConcurrent = async (render: () => Promise<unknown>) => {
  const timings: number[] = [];
  for (let round = 0; round < concurrentRounds; round += 1) {
    timings.push(...(await Promise.all(Array.from({ length: concurrent }, () => timed(render)))));
  }
  return timings;
};

const lookup = findChromium(process.env.CHROMIUM_PATH);
if (!lookup.found) {
  console.error(`bench pdf: ${lookup.reason}`);
  process.exit(1);
}

// The baseline: the bare browser printing a bare page.
const browser = await chromium.launch({
  executablePath: lookup.path,
  args: ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  chromiumSandbox: process.getuid?.() !== 0,
});
const bareRender = async () => {
  const page = await browser.newPage();
  await page.setContent('<p>Hello</p>');
  await page.pdf({ format: 'A4' });
  await page.close();
};
await bareRender();
const bare = { sequential: await runSequential(bareRender), concurrent: await runConcurrent(bareRender) };
await browser.close();

const server = await startBenchServer({ DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'error' });
try {
  const token = await signInForAppToken(server.origin, {
    email: 'admin@demo-freight.test',
    password: demoPassword,
  });
  const api = `${server.origin}/templateserver/api/v1`;
  const headers = { authorization: token, 'content-type': 'application/json' };
  const listed = (await (
    await fetch(`${api}/templates?type=document&purpose=arrival-notice&language=en`, { headers })
  ).json()) as { data: TTemplateSummary[] };
  const id = listed.data[0]?._id;
  if (!id) throw new Error('The seeded arrival notice is missing');
  const { data: template } = (await (await fetch(`${api}/templates/${id}`, { headers })).json()) as {
    data: TTemplate;
  };
  const draft = JSON.stringify({
    type: 'document',
    purpose: 'arrival-notice',
    body: template.current?.body,
    page: template.current?.page ?? defaultTemplatePage,
  });
  let failures = 0;
  let bytes = 0;
  const apiRender = async () => {
    const response = await fetch(`${api}/templates/pdf`, { method: 'POST', headers, body: draft });
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') failures += 1;
    bytes = body.byteLength;
  };
  const firstMs = await timed(apiRender);
  const product = { sequential: await runSequential(apiRender), concurrent: await runConcurrent(apiRender) };

  const rows = (['sequential', 'concurrent'] as const).flatMap((mode) => {
    const label =
      mode === 'sequential'
        ? `${sequential} one after another`
        : `${concurrent} at once ×${concurrentRounds}`;
    const bareTimes = summary(bare[mode]);
    const productTimes = summary(product[mode]);
    return [
      { render: `bare page, ${label}`, 'p50 ms': bareTimes.p50, 'p99 ms': bareTimes.p99, ratio: '1.00' },
      {
        render: `arrival notice via API, ${label}`,
        'p50 ms': productTimes.p50,
        'p99 ms': productTimes.p99,
        ratio: (productTimes.p50 / bareTimes.p50).toFixed(2),
      },
    ];
  });
  console.log(`\nPDF rendering with ${lookup.path}`);
  console.log(
    `first render through the API (starts the browser): ${Math.round(firstMs)} ms; PDF ${bytes} bytes`,
  );
  console.table(rows);
  console.log(`failed renders: ${failures}`);
  if (failures > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
