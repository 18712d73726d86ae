import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './measure.ts';
import { measureRounds, onBenchDatabases, startBare, type TRoute, withBenchDatabase } from './rounds.ts';
import { companiesFor, containerOf, demoPassword, prepareShipments, referenceOf } from './shipment-fill.ts';
import { signInForAppToken } from './sign-in.ts';
import { startBenchServer } from './start-server.ts';
import { atLeast, atMost, printTargets, readingsOf, type TTarget } from './targets.ts';

// `npm run bench -- shipments`: the shipments list, its search and the shipment screen beside a bare
// Fastify route running the same statements, on a company with 1,000,000 shipments (200,000 on
// PGlite; BENCH_SHIPMENTS sets another count) while a second company holds a fifth as many. On
// PGlite and on a scratch PostgreSQL database (BENCH_DATABASES picks one). BENCH_DURATION and
// BENCH_ROUNDS as in bench/api.ts.

const benchOn = async (label: string, kind: 'pglite' | 'postgres', databaseUrl?: string) => {
  const companies = companiesFor(kind);
  const [measured, other] = companies;
  console.log(`\n== ${label}`);
  const environment: Record<string, string> = { DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'warn' };
  if (databaseUrl) environment.DATABASE_URL = databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-shipments-'));
  const first = await startBenchServer(environment, { dataDir });
  await first.stop();
  const fillStarted = Date.now();
  const companyIds = await withBenchDatabase({ databaseUrl, dataDir }, (run) => prepareShipments(run, kind));
  console.log(
    `filled ${measured.rows.toLocaleString('en')} shipments of ${measured.name} and ${other.rows.toLocaleString('en')} of ${other.name} in ${Date.now() - fillStarted} ms`,
  );
  const bareDataDir = path.join(dataDir, 'bare-pgdata');
  if (kind === 'pglite') fs.cpSync(path.join(dataDir, 'pgdata'), bareDataDir, { recursive: true });
  const server = await startBenchServer(environment, { dataDir });
  const bareToken = 'bare-token';
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const targets: TTarget[] = [];
  let results: Record<string, Measurement> = {};
  try {
    bare = await startBare('bare-shipments-server.ts', {
      BARE_TOKEN: bareToken,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: bareDataDir }),
    });
    const jwt = await signInForAppToken(server.origin, { email: measured.email, password: demoPassword });
    const headers = { authorization: jwt };
    const bareHeaders = { authorization: bareToken };
    const list = `${server.origin}/freightserver/api/v1/shipments`;
    const bareList = `${bare.origin}/shipments?companyId=${companyIds[0]}`;
    // A shipment deep in the company (not among the newest), found by one of its numbers.
    const deep = Math.round(measured.rows * 0.7) - ((Math.round(measured.rows * 0.7) - 1) % 3);
    const container = containerOf(deep);
    const reference = referenceOf(deep + 1);
    const filtered = 'mode=sea&portOfDischarge=CNSHA';
    const shipmentId = `00000000-0000-7000-${measured.idPrefix}-${deep.toString(16).padStart(12, '0')}`;
    const product = (key: string, name: string, query: string): TRoute => ({
      key,
      name,
      options: { url: `${list}${query}`, headers },
    });
    const bareRoute = (key: string, name: string, url: string): TRoute => ({
      key,
      name,
      options: { url, headers: bareHeaders },
    });
    const routes: TRoute[] = [
      product('page1', 'product list, page 1 (newest first)', '?page=1&pageSize=20'),
      product('filtered', `product list, ${filtered}`, `?${filtered}&pageSize=20`),
      product('container', `product search container ${container}`, `?q=${container}&pageSize=20`),
      product('reference', `product search reference ${reference}`, `?q=${reference}&pageSize=20`),
      product('read', 'product GET /shipments/:id', `/${shipmentId}`),
      bareRoute('barePage1', 'bare list, page 1', bareList),
      bareRoute('bareFiltered', `bare list, ${filtered}`, `${bareList}&${filtered}`),
      bareRoute('bareContainer', 'bare search container', `${bareList}&q=${container}`),
      bareRoute('bareReference', 'bare search reference', `${bareList}&q=${reference}`),
      bareRoute(
        'bareRead',
        'bare GET /shipments/:id',
        `${bare.origin}/shipments/${shipmentId}?companyId=${companyIds[0]}`,
      ),
    ];
    // Each route answers what it should before it is timed.
    for (const [key, query, expected] of [
      ['container', `?q=${container}`, 1],
      ['reference', `?q=${reference}`, 1],
    ] as const) {
      const found = (await (await fetch(`${list}${query}`, { headers })).json()) as {
        meta?: { total: number };
      };
      if (found.meta?.total !== expected) throw new Error(`${key} search found ${JSON.stringify(found)}`);
    }
    const read = await fetch(`${list}/${shipmentId}`, { headers });
    if (read.status !== 200)
      throw new Error(`GET /shipments/:id answered ${read.status}: ${await read.text()}`);

    results = await measureRounds(routes);
    console.table(
      routes.map((route) => {
        const row = results[route.key];
        return {
          route: route.name,
          'req/s': row?.requestsPerSecond,
          'p50 ms': row?.p50,
          'p99 ms': row?.p99,
          errors: row?.errors,
        };
      }),
    );
    const { p99, ratio } = readingsOf(() => results);
    targets.push(
      atMost('list page 1 p99 (10 concurrent)', p99('page1'), 50, 'ms'),
      atMost('filtered page p99 (10 concurrent)', p99('filtered'), 50, 'ms'),
      atMost('search by container p99 (10 concurrent)', p99('container'), 50, 'ms'),
      atMost('search by reference p99 (10 concurrent)', p99('reference'), 50, 'ms'),
      atLeast('list page 1 / bare', ratio('page1', 'barePage1'), 0.5),
      atLeast('filtered page / bare', ratio('filtered', 'bareFiltered'), 0.5),
      atLeast('search by container / bare', ratio('container', 'bareContainer'), 0.5),
      atLeast('search by reference / bare', ratio('reference', 'bareReference'), 0.5),
      atLeast('shipment read / bare', ratio('read', 'bareRead'), 0.5),
    );
  } finally {
    await bare?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    kind === 'postgres'
      ? 'targets (PostgreSQL):'
      : 'targets (PGlite, for reference; the targets are PostgreSQL’s):',
  );
  printTargets(targets);
};

await onBenchDatabases(benchOn);
