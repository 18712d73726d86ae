import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measure.ts';
import {
  measureRounds,
  onBenchDatabases,
  startBare,
  type TRoute,
  type TRunSql,
  withBenchDatabase,
} from './rounds.ts';
import { signInForAppToken } from './sign-in.ts';
import { residentMegabytes, startBenchServer } from './start-server.ts';
import { atLeast, atMost, printTargets, type TTarget } from './targets.ts';

// `npm run bench -- api` (issue 12): the request pipeline beside the bare stack it runs on. On the
// embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL, default the local server)
// names PostgreSQL, on a scratch database there: the product and bare Fastify routes on the same
// tables, a company with 50,000 and one with 1,000,000 audit rows, 10 connections after a warm-up,
// and the ratios the issue sets as targets. BENCH_DURATION (seconds, default 4) sets each run,
// BENCH_ROUNDS (default 3) how many runs of each route the best is taken from;
// BENCH_DATABASES picks one of the two.

const demoPassword = 'bench-password-12';
const companies = [
  { rows: 50_000, name: 'Demo Freight Ltd', email: 'admin@demo-freight.test' },
  // The expired-plan demo company gets its plan back for the bench, to sign in and read.
  { rows: 1_000_000, name: 'Expired Cargo Co', email: 'admin@expired-cargo.test' },
] as const;
const auditPage = 'page=21&pageSize=25';

/**
 * Fills a company's audit trail fast, in one INSERT … SELECT, newest events at the lowest numbers.
 * Ids are ordered, like the product's UUID v7 ones.
 */
const fillSql = (companyId: string, rows: number) => `
  insert into audit_events (company_id, id, occurred_at, actor_user_id, actor_email, entity_type, entity_id,
    action, before, after, ip, user_agent, request_id)
  select '${companyId}', ('00000000-0000-7000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, now() - n * interval '1 second', null, 'bench@example.test',
    'user', 'entity-' || (n % 500), (array['create','update','delete','sign-in'])[1 + n % 4],
    jsonb_build_object('name', 'before ' || n), jsonb_build_object('name', 'after ' || n),
    '127.0.0.1', 'bench-agent', null
  from generate_series(1, ${rows}) as n`;

const prepare = async (run: TRunSql) => {
  const ids: string[] = [];
  // Secondary indexes are built once after the fill: faster than growing them row by row.
  const indexes = await run(
    "select indexname, indexdef from pg_indexes where tablename = 'audit_events' and indexname not like '%pk%'",
  );
  for (const index of indexes) await run(`drop index ${index.indexname}`);
  for (const company of companies) {
    const [row] = await run(`select id from companies where name = '${company.name}'`);
    if (!row) throw new Error(`No company ${company.name}`);
    const id = String(row.id);
    await run(`update companies set plan_expires_at = now() + interval '30 days' where id = '${id}'`);
    await run(fillSql(id, company.rows));
    ids.push(id);
  }
  for (const index of indexes) await run(String(index.indexdef));
  await run('analyze audit_events');
  return ids;
};

const signIn = (origin: string, email: string) =>
  signInForAppToken(origin, { email, password: demoPassword });

const benchOn = async (label: string, kind: 'pglite' | 'postgres', databaseUrl?: string) => {
  console.log(`\n== ${label}`);
  const environment: Record<string, string> = { DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'warn' };
  if (databaseUrl) environment.DATABASE_URL = databaseUrl;

  // 1. A first start migrates and seeds the demo companies; then the audit rows go in directly.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-api-'));
  const first = await startBenchServer(environment, { dataDir });
  await first.stop();
  const fillStarted = Date.now();
  const companyIds = await withBenchDatabase({ databaseUrl, dataDir }, prepare);
  console.log(
    `filled ${companies.map((c) => c.rows).join(' and ')} audit rows in ${Date.now() - fillStarted} ms`,
  );

  // 2. The product and the bare routes on that data, side by side. PGlite opens a data dir in one
  // process only: the bare routes get a copy of it.
  const bareDataDir = path.join(dataDir, 'bare-pgdata');
  if (kind === 'pglite') fs.cpSync(path.join(dataDir, 'pgdata'), bareDataDir, { recursive: true });
  const rows: Measurement[] = [];
  const server = await startBenchServer(environment, { dataDir });
  const rssAfterStart = residentMegabytes(server.pid);
  const bareToken = 'bare-token';
  let product: Record<string, Measurement> = {};
  let bareRows: Record<string, Measurement> = {};
  let rssAfterBench = Number.NaN;
  let rssPeak = 0;
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  try {
    bare = await startBare('bare-api-server.ts', {
      BARE_TOKEN: bareToken,
      BARE_TOTAL: process.env.BENCH_BARE_TOTAL ?? 'capped',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: bareDataDir }),
    });
    const { origin } = server;
    const [smallJwt, largeJwt] = await Promise.all(companies.map((company) => signIn(origin, company.email)));
    const headers = { authorization: smallJwt as string };
    const country = await fetch(`${origin}/master/api/v1/country`, { headers });
    const etag = country.headers.get('etag') ?? '';
    const bareHeaders = { authorization: bareToken };
    const bareList = (route: string, companyId: string) => ({
      url: `${bare?.origin}/${route}?companyId=${companyId}&${auditPage}`,
      headers: bareHeaders,
    });
    const productRoutes: TRoute[] = [
      { key: 'health', name: 'product /healthz', options: { url: `${origin}/healthz` } },
      {
        key: 'noop',
        name: 'product signed-in no-op (fetch-config-key)',
        options: { url: `${origin}/iamserver/api/v1/auth/fetch-config-key`, headers },
      },
      {
        key: 'notModified',
        name: 'product /master/api/v1/country answering 304',
        options: { url: `${origin}/master/api/v1/country`, headers: { ...headers, 'if-none-match': etag } },
        settings: { expectedStatus: 304 },
      },
      {
        key: 'oceanport',
        name: 'product oceanport?q=rotter',
        options: { url: `${origin}/master/api/v1/oceanport?q=rotter`, headers },
      },
      {
        key: 'airport',
        name: 'product airport?q=lond',
        options: { url: `${origin}/master/api/v1/airport?q=lond`, headers },
      },
      {
        key: 'listSmall',
        name: `product audit ${auditPage}, 50,000 rows`,
        options: { url: `${origin}/logserver/api/v1/audit?${auditPage}`, headers },
      },
      {
        key: 'listLarge',
        name: `product audit ${auditPage}, 1,000,000 rows`,
        options: {
          url: `${origin}/logserver/api/v1/audit?${auditPage}`,
          headers: { authorization: largeJwt as string },
        },
      },
    ];
    const bareRoute = (key: string, name: string, route: string, companyId: string | undefined): TRoute => ({
      key,
      name,
      options: bareList(route, companyId as string),
    });
    const bareRoutes: TRoute[] = [
      { key: 'static', name: 'bare Fastify static JSON', options: { url: `${bare.origin}/static` } },
      bareRoute('pageSmall', 'bare page, 50,000 rows', 'page', companyIds[0]),
      bareRoute('totalSmall', 'bare page + total, 50,000 rows', 'page-and-total', companyIds[0]),
      bareRoute('pageLarge', 'bare page, 1,000,000 rows', 'page', companyIds[1]),
      bareRoute('totalLarge', 'bare page + total, 1,000,000 rows', 'page-and-total', companyIds[1]),
    ];
    // A server that has just started on a freshly filled database is still settling (PGlite in
    // particular): every route gets a warm-up round before any is measured.
    const measured = await measureRounds([...productRoutes, ...bareRoutes], (route) => {
      if (productRoutes.includes(route)) rssPeak = Math.max(rssPeak, residentMegabytes(server.pid));
    });
    product = Object.fromEntries(
      productRoutes.map((route) => [route.key, measured[route.key] as Measurement]),
    );
    bareRows = Object.fromEntries(bareRoutes.map((route) => [route.key, measured[route.key] as Measurement]));
    // Memory after the bench is what the server holds once quiet: it gives its garbage back after
    // one quiet interval of 5 s (platform/runtime/idle-collection.ts).
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    rssAfterBench = residentMegabytes(server.pid);
  } finally {
    await bare?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  rows.push(...Object.values(bareRows), ...Object.values(product));
  console.table(
    rows.map((row) => ({
      route: row.name,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      errors: row.errors,
    })),
  );
  const ratio = (a: Measurement | undefined, b: Measurement | undefined) =>
    (a?.requestsPerSecond ?? 0) / Math.max(1, b?.requestsPerSecond ?? 0);
  // A run that completed no request has no latency to pass with.
  const p99Of = (row: Measurement | undefined) => (row && row.requestsPerSecond > 0 ? row.p99 : Number.NaN);
  const rssLimit = kind === 'postgres' ? 150 : 250;
  const targets: TTarget[] = [
    atLeast('list 50k / bare page + total', ratio(product.listSmall, bareRows.totalSmall), 0.8),
    atLeast('list 50k / bare page only', ratio(product.listSmall, bareRows.pageSmall), 0.5),
    atLeast('list 1M / bare page + total', ratio(product.listLarge, bareRows.totalLarge), 0.8),
    atLeast('list 1M / bare page only', ratio(product.listLarge, bareRows.pageLarge), 0.5),
    atMost('list 1M p99', p99Of(product.listLarge), 50, 'ms'),
    atLeast('signed-in no-op / healthz', ratio(product.noop, product.health), 0.5),
    atLeast('healthz / bare static', ratio(product.health, bareRows.static), 0.5),
    atLeast('304 reference list / healthz', ratio(product.notModified, product.health), 0.5),
    atMost('oceanport search p99', p99Of(product.oceanport), 10, 'ms'),
    atMost('airport search p99', p99Of(product.airport), 10, 'ms'),
    atMost('server RSS after start', rssAfterStart, rssLimit, 'MB'),
    atMost('server RSS after the bench, quiet 11 s', rssAfterBench, rssLimit, 'MB'),
  ];
  printTargets(targets);
  console.log(`server RSS at its highest, read after each product run: ${rssPeak} MB (not a target)`);
  const failedRoutes = rows.filter((row) => row.errors > 0);
  if (failedRoutes.length > 0)
    console.log(`routes with errors: ${failedRoutes.map((row) => row.name).join(', ')}`);
};

await onBenchDatabases(benchOn);
