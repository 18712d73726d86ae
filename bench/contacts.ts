import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { companies, companyIdsOf, demoPassword, places, prepare } from './contact-fill.ts';
import type { Measurement } from './measure.ts';
import { measureRounds, onBenchDatabases, startBare, type TRoute, withBenchDatabase } from './rounds.ts';
import { signInForAppToken } from './sign-in.ts';
import { residentMegabytes, startBenchServer } from './start-server.ts';
import { atLeast, atMost, printTargets, readingsOf, type TTarget } from './targets.ts';

// `npm run bench -- contacts` (issue 15): the contacts list beside a bare Fastify route running the
// same statements, on a company with 1,000,000 contacts while two others hold 100,000 each; then a
// 100,000-row CSV import and the streamed export of the whole company, with the server's memory
// read while they run. On PGlite and on a scratch PostgreSQL database (BENCH_DATABASES picks one).
// BENCH_DURATION and BENCH_ROUNDS as in bench/api.ts. BENCH_KEEP_DATA names a folder that keeps the
// filled PGlite data dir: the first run fills and copies it there, later runs start from a copy of it
// (the fill takes minutes; the import changes the copy, never the kept one).

const importRows = 100_000;

/** A CSV of new contacts, as a spreadsheet would save one. */
const importFile = () => {
  const lines = ['Name,E-mail,Phone,City,Country,Roles'];
  for (let n = 1; n <= importRows; n += 1) {
    const [city, country] = places[n % places.length] ?? places[0];
    lines.push(
      `Imported Carrier ${n},import${n}@carriers.example,+31 10 ${2000000 + n},${city},${country},Carrier`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
};

/** Runs `work` while reading the server's resident memory every 100 ms; answers its time and the highest reading. */
const watchMemory = async <T>(pid: number, work: () => Promise<T>) => {
  let peak = residentMegabytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMegabytes(pid));
  }, 100);
  const started = performance.now();
  try {
    const result = await work();
    return {
      result,
      ms: Math.round(performance.now() - started),
      peakMb: Math.max(peak, residentMegabytes(pid)),
    };
  } finally {
    clearInterval(timer);
  }
};

const benchOn = async (label: string, kind: 'pglite' | 'postgres', databaseUrl?: string) => {
  console.log(`\n== ${label}`);
  const environment: Record<string, string> = { DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'warn' };
  if (databaseUrl) environment.DATABASE_URL = databaseUrl;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-contacts-'));
  const kept = kind === 'pglite' ? process.env.BENCH_KEEP_DATA : undefined;
  let companyIds: string[];
  if (kept && fs.existsSync(kept)) {
    fs.cpSync(kept, dataDir, { recursive: true });
    companyIds = await withBenchDatabase({ dataDir }, companyIdsOf);
    console.log(`the filled data dir kept in ${kept}, copied`);
  } else {
    const first = await startBenchServer(environment, { dataDir });
    await first.stop();
    const fillStarted = Date.now();
    companyIds = await withBenchDatabase({ databaseUrl, dataDir }, prepare);
    console.log(
      `filled ${companies.map((c) => c.rows.toLocaleString('en')).join(', ')} contacts in ${Date.now() - fillStarted} ms`,
    );
    if (kept) fs.cpSync(dataDir, kept, { recursive: true });
  }

  const bareDataDir = path.join(dataDir, 'bare-pgdata');
  if (kind === 'pglite') fs.cpSync(path.join(dataDir, 'pgdata'), bareDataDir, { recursive: true });
  const server = await startBenchServer(environment, { dataDir });
  const bareToken = 'bare-token';
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  const targets: TTarget[] = [];
  let measured: Record<string, Measurement> = {};
  try {
    bare = await startBare('bare-contacts-server.ts', {
      BARE_TOKEN: bareToken,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: bareDataDir }),
    });
    const jwt = await signInForAppToken(server.origin, { email: companies[0].email, password: demoPassword });
    const headers = { authorization: jwt };
    const list = `${server.origin}/contactserver/api/v1/contacts/paginate`;
    const bareHeaders = { authorization: bareToken };
    const barePage = `${bare.origin}/contacts-page?companyId=${companyIds[0]}&role=customer`;
    const search = 'kalomr';
    const routes: TRoute[] = [
      {
        key: 'page1',
        name: 'product page 1, role=customer, by name',
        options: { url: `${list}?role=customer&sort=name&page=1&pageSize=25`, headers },
      },
      {
        key: 'page200',
        name: 'product page 200, role=customer, by name',
        options: { url: `${list}?role=customer&sort=name&page=200&pageSize=25`, headers },
      },
      {
        key: 'search',
        name: `product search "${search}" (misspelt)`,
        options: { url: `${list}?q=${search}&pageSize=25`, headers },
      },
      {
        key: 'barePage1',
        name: 'bare page 1, same statements',
        options: { url: `${barePage}&page=1`, headers: bareHeaders },
      },
      {
        key: 'barePage200',
        name: 'bare page 200, same statements',
        options: { url: `${barePage}&page=200`, headers: bareHeaders },
      },
      {
        key: 'bareSearch',
        name: 'bare search, same statements',
        options: {
          url: `${bare.origin}/contacts-search?companyId=${companyIds[0]}&q=${search}`,
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
    const found = (await (await fetch(`${list}?q=${search}&pageSize=1`, { headers })).json()) as {
      meta?: { total: number; totalIsCapped?: boolean };
      error?: unknown;
    };
    console.log(
      found.meta
        ? `the search finds ${found.meta.total.toLocaleString('en')}${found.meta.totalIsCapped ? '+' : ''} contacts`
        : `the search answered ${JSON.stringify(found.error)}`,
    );

    // The import: 100,000 new contacts into the million.
    const file = importFile();
    const rssBeforeImport = residentMegabytes(server.pid);
    const imported = await watchMemory(server.pid, async () => {
      const response = await fetch(
        `${server.origin}/contactserver/api/v1/contacts/imports?columns=name,email,phone,city,country,roles&dryRun=false&fileName=bench.csv`,
        { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: file },
      );
      return (await response.json()) as { data?: { created: number; refusedCount: number }; error?: unknown };
    });
    if (imported.result.error) console.log(`the import answered ${JSON.stringify(imported.result.error)}`);
    console.log(
      `import of ${importRows.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MB): ${imported.ms} ms, ` +
        `created ${imported.result.data?.created}, refused ${imported.result.data?.refusedCount}; ` +
        `server RSS ${rssBeforeImport} MB before, ${imported.peakMb} MB at most`,
    );

    // The export of everything the company has, read to the end as a browser would.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const rssBeforeExport = residentMegabytes(server.pid);
    const exported = await watchMemory(server.pid, async () => {
      const response = await fetch(`${server.origin}/contactserver/api/v1/contacts/export`, { headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 0x0a) lines += 1;
      }
      return { bytes, lines };
    });
    console.log(
      `export of ${(exported.result.lines - 1).toLocaleString('en')} contacts (${(exported.result.bytes / 1024 / 1024).toFixed(0)} MB): ` +
        `${exported.ms} ms; server RSS ${rssBeforeExport} MB before, ${exported.peakMb} MB at most`,
    );

    const { p99, ratio } = readingsOf(() => measured);
    targets.push(
      atMost('page 1 p99 (10 concurrent)', p99('page1'), 50, 'ms'),
      atMost('page 200 p99 (10 concurrent)', p99('page200'), 50, 'ms'),
      atMost('search p99 (10 concurrent)', p99('search'), 100, 'ms'),
      atLeast('page 1 / bare', ratio('page1', 'barePage1'), 0.5),
      atLeast('page 200 / bare', ratio('page200', 'barePage200'), 0.5),
      atLeast('search / bare', ratio('search', 'bareSearch'), 0.5),
      atMost(
        'import of 100,000 rows',
        imported.result.data?.created === importRows ? imported.ms / 1000 : Number.NaN,
        60,
        's',
      ),
      atMost('server RSS during the import', imported.peakMb, 250, 'MB'),
      atMost('server RSS growth during the export', exported.peakMb - rssBeforeExport, 50, 'MB'),
    );
  } finally {
    await bare?.stop();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printTargets(targets);
};

await onBenchDatabases(benchOn);
