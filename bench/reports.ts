import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measure.ts';
import { measureRounds, onBenchDatabases, startBare, type TRoute, withBenchDatabase } from './rounds.ts';
import { signInForAppToken } from './sign-in.ts';
import { startBenchServer } from './start-server.ts';
import { atLeast, atMost, printTargets, readingsOf, type TTarget } from './targets.ts';

// `npm run bench -- reports`: a grouped count over 1,000,000 audit events of one company through
// the API (a saved report sketch, run at 10 concurrent requests), beside the bare statements in the
// same run: the same count from the daily summary, and over the events themselves
// (docs/decisions/019-report-charts.md). PostgreSQL only unless BENCH_DATABASES says otherwise.

const events = 1_000_000;
const demoPassword = 'bench-password-12';
const adminEmail = 'admin@demo-freight.test';

/** A million events over a year: ten entity types, eight actions, a few actors. */
const fill = async (run: (text: string) => Promise<Record<string, unknown>[]>) => {
  const [row] = await run(`select id from companies where name = 'Demo Freight Ltd'`);
  if (!row) throw new Error('No company Demo Freight Ltd');
  const companyId = String(row.id);
  await run(
    `update companies set plan_expires_at = now() + interval '30 days', two_factor_auth = false where id = '${companyId}'`,
  );
  await run(`insert into audit_events (company_id, id, occurred_at, actor_email, entity_type, entity_id, action)
    select '${companyId}', ('00000000-0000-7000-a000-' || lpad(to_hex(n), 12, '0'))::uuid,
      now() - (n % 525600) * interval '1 minute',
      'actor' || (n % 7) || '@demo-freight.test',
      (array['user','role','group','company','file','mail','template','contact','contact-tag','report-sketch'])[1 + n % 10],
      'entity-' || (n % 5000),
      (array['create','update','delete','sign-in','sign-out','export','invite','suspend'])[1 + (n / 10) % 8]
    from generate_series(1, ${events}) as n`);
  await run('vacuum analyze audit_events');
  await run('vacuum analyze audit_event_daily_counts');
  return companyId;
};

const benchOn = async (label: string, kind: 'pglite' | 'postgres', databaseUrl?: string) => {
  console.log(`\n== ${label}`);
  const environment: Record<string, string> = { DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'warn' };
  if (databaseUrl) environment.DATABASE_URL = databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-reports-'));
  const first = await startBenchServer(environment, { dataDir });
  await first.stop();
  const fillStarted = Date.now();
  const companyId = await withBenchDatabase({ databaseUrl, dataDir }, fill);
  console.log(
    `filled ${events.toLocaleString('en')} audit events (and their daily counts) in ${Date.now() - fillStarted} ms`,
  );

  const bareDataDir = path.join(dataDir, 'bare-pgdata');
  if (kind === 'pglite') fs.cpSync(path.join(dataDir, 'pgdata'), bareDataDir, { recursive: true });
  const server = await startBenchServer(environment, { dataDir });
  const bareToken = 'bare-token';
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const targets: TTarget[] = [];
  let measured: Record<string, Measurement> = {};
  try {
    bare = await startBare('bare-reports-server.ts', {
      BARE_TOKEN: bareToken,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: bareDataDir }),
    });
    const jwt = await signInForAppToken(server.origin, { email: adminEmail, password: demoPassword });
    const headers = { authorization: jwt, 'content-type': 'application/json' };
    const api = `${server.origin}/reportserver/api/v1/reportSketch`;
    const saved = (await (
      await fetch(api, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          name: 'Audit events by action',
          definition: {
            source: 'audit',
            groupBy: ['action'],
            sort: { column: 'count', direction: 'desc' },
            chart: 'bar',
          },
        }),
      })
    ).json()) as { data?: { _id: string }; error?: unknown };
    if (!saved.data) throw new Error(`the report was not saved: ${JSON.stringify(saved.error)}`);
    const byDay = JSON.stringify({
      source: 'audit',
      groupBy: ['occurredAt', 'entityType'],
      filters: [
        {
          column: 'occurredAt',
          operator: 'gte',
          value: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10),
        },
      ],
    });
    const bareHeaders = { authorization: bareToken };
    const routes: TRoute[] = [
      {
        key: 'report',
        name: 'product: saved report, count by action',
        options: { url: `${api}/${saved.data._id}/run`, headers: { authorization: jwt } },
      },
      {
        key: 'byDay',
        name: 'product: run, count by day and entity, last 30 days',
        options: { url: `${api}/run`, method: 'POST', headers, body: byDay },
      },
      {
        key: 'bareSummary',
        name: 'bare: count by action from the daily counts',
        options: {
          url: `${bare.origin}/audit-by-action/summary?companyId=${companyId}`,
          headers: bareHeaders,
        },
      },
      {
        key: 'bareEvents',
        name: 'bare: count by action over the million events',
        options: {
          url: `${bare.origin}/audit-by-action/events?companyId=${companyId}`,
          headers: bareHeaders,
        },
      },
    ];
    measured = await measureRounds(routes);
    console.table(
      routes.map((route) => {
        const row = measured[route.key];
        return {
          route: route.name,
          'req/s': row?.requestsPerSecond,
          'p50 ms': row?.p50,
          'p99 ms': row?.p99,
          errors: row?.errors,
        };
      }),
    );
    const check = (await (
      await fetch(`${api}/${saved.data._id}/run`, { headers: { authorization: jwt } })
    ).json()) as {
      data?: { rows: [string, number][] };
    };
    const counted = (check.data?.rows ?? []).reduce((sum, row) => sum + Number(row[1]), 0);
    console.log(`the report counts ${counted.toLocaleString('en')} events`);
    const { p99, ratio } = readingsOf(() => measured);
    targets.push(
      atMost('grouped count p99 (10 concurrent)', p99('report'), 200, 'ms'),
      atMost('count by day and entity p99 (10 concurrent)', p99('byDay'), 200, 'ms'),
      atLeast('grouped count / bare summary', ratio('report', 'bareSummary'), 0.5),
      atLeast('grouped count / bare over the events', ratio('report', 'bareEvents'), 1),
      atLeast('events counted', counted >= events ? 1 : 0, 1),
    );
  } finally {
    await bare?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTargets(targets);
};

process.env.BENCH_DATABASES ??= 'postgres';
await onBenchDatabases(benchOn);
