import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withBenchDatabase } from './rounds.ts';
import { signInForAppToken } from './sign-in.ts';
import { startBenchServer } from './start-server.ts';

// `npm run bench -- tenant-work`: how long the server takes to answer a bare route (`/healthz`, no
// database) while companies send it work whose cost their input decides: previews of a template of
// two nested 3,000-step loops, a CSV whose header has a million columns, a CSV of 199,000
// one-cell rows, and exports of a saved report of 100,000 audit events (docs/decisions/034), on the
// embedded database, where even the database's work is on the server's thread. Each load runs for a few seconds, with `/healthz` asked back to back all along; the
// baseline is the same probe with no load, in the same run. A ratio near 1 means the work stayed off
// the request thread (docs/decisions/033).

const probeWindowMs = 6_000;
const demoPassword = 'bench-tenant-work';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** `/healthz` latencies, asked one after the other until `isDone` says stop. */
const probe = async (origin: string, isDone: () => boolean) => {
  const times: number[] = [];
  while (!isDone()) {
    const started = performance.now();
    await (await fetch(`${origin}/healthz`)).arrayBuffer();
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

/** Runs `load` in a loop for the probe window while `/healthz` is timed; the answers' statuses. */
const underLoad = async (origin: string, load: () => Promise<number>, callers: number) => {
  const stopAt = performance.now() + probeWindowMs;
  const isDone = () => performance.now() >= stopAt;
  const statuses = new Map<number, number>();
  const loop = async () => {
    while (!isDone()) {
      const status = await load();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const [latency] = await Promise.all([probe(origin, isDone), ...Array.from({ length: callers }, loop)]);
  return { latency, statuses: [...statuses].map(([status, count]) => `${count}×${status}`).join(' ') };
};

const nestedLoops = '{% for a in (1..3000) %}{% for b in (1..3000) %}x{% endfor %}{% endfor %}';
const wideHeader = `${Array.from({ length: 1_000_000 }, (_, index) => String(index % 10)).join(',')}\nx\n`;
const manyRows = `Name\n${Array.from({ length: 199_000 }, (_, index) => `c${index}`).join('\n')}\n`;

const reportEvents = 100_000;

/** The demo company's id, after adding `reportEvents` audit events to it. */
const fillAuditEvents = (dataDir: string) =>
  withBenchDatabase({ dataDir }, async (run) => {
    const [row] = await run(`select id from companies where name = 'Demo Freight Ltd'`);
    if (!row) throw new Error('No company Demo Freight Ltd');
    await run(`insert into audit_events (company_id, id, occurred_at, actor_email, entity_type, entity_id, action)
      select '${String(row.id)}', gen_random_uuid(), now() - n * interval '1 minute',
        'actor' || (n % 7) || '@demo-freight.test', 'contact', 'entity-' || n, 'update'
      from generate_series(1, ${reportEvents}) as n`);
  });

// A first start migrates and seeds the demo companies; the audit events then go in directly.
const environment = { DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'error' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-tenant-work-'));
await (await startBenchServer(environment, { dataDir })).stop();
await fillAuditEvents(dataDir);
const server = await startBenchServer(environment, { dataDir });
try {
  const token = await signInForAppToken(server.origin, {
    email: 'admin@demo-freight.test',
    password: demoPassword,
  });
  const post = async (path: string, body: string, contentType: string) => {
    const response = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': contentType },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };
  const checkTemplate = () =>
    post(
      '/templateserver/api/v1/templates/check',
      JSON.stringify({
        type: 'document',
        purpose: 'booking-confirmation',
        language: 'en',
        body: nestedLoops,
      }),
      'application/json',
    );
  const previewFile = (file: string) => () =>
    post('/contactserver/api/v1/contacts/imports/preview', file, 'text/csv');
  const saved = await fetch(`${server.origin}/reportserver/api/v1/reportSketch`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Every audit event', definition: { source: 'audit' } }),
  });
  const { data: report } = (await saved.json()) as { data: { _id: string } };
  const exportReport = async () => {
    const response = await fetch(`${server.origin}/reportserver/api/v1/reportSketch/${report._id}/export`, {
      headers: { authorization: token },
    });
    await response.arrayBuffer();
    return response.status;
  };

  const baseline = await underLoad(server.origin, async () => 0, 0);
  const loads = [
    { load: 'nested-loop template checks, 4 callers', ...(await underLoad(server.origin, checkTemplate, 4)) },
    {
      load: 'CSV preview, a 4 MB header of 1,000,000 columns',
      ...(await underLoad(server.origin, previewFile(wideHeader), 1)),
    },
    {
      load: 'CSV preview, 199,000 one-cell rows',
      ...(await underLoad(server.origin, previewFile(manyRows), 1)),
    },
    {
      load: `report export, ${reportEvents.toLocaleString('en')} rows, 3 callers`,
      ...(await underLoad(server.origin, exportReport, 3)),
    },
  ];
  const row = (load: string, latency: typeof baseline.latency, statuses: string) => ({
    load,
    probes: latency.count,
    'p50 ms': latency.p50.toFixed(1),
    'p99 ms': latency.p99.toFixed(1),
    'max ms': Math.round(latency.max),
    'p99 ratio': (latency.p99 / baseline.latency.p99).toFixed(2),
    'hostile answers': statuses,
  });
  console.log(`\n/healthz answered back to back for ${probeWindowMs / 1000} s under each load`);
  console.table([
    row('none (baseline)', baseline.latency, ''),
    ...loads.map(({ load, latency, statuses }) => row(load, latency, statuses)),
  ]);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
