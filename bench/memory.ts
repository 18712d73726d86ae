import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchPostgresDatabase } from '../apps/server/test/databases.ts';
import { freePort, stopServer, waitForStart } from '../apps/server/test/server-process.ts';
import { buildServer, signIn, spawnCompiledServer } from './compiled-server.ts';
import { measure } from './measure.ts';

// `npm run bench -- memory`: the resident memory (RSS) of the compiled server as `npm start` runs it,
// right after start on a fresh data dir and after a short load (anonymous and signed-in routes, 10
// connections), against the budgets of docs/operations.md: 250 MB on the embedded PGlite, 150 MB on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Builds the server first unless
// BENCH_NO_BUILD=1. Exits 1 when a figure is over budget. Linux only (reads /proc).

const loadSeconds = Number(process.env.BENCH_DURATION ?? 5);

if (process.env.BENCH_NO_BUILD !== '1') buildServer();

const residentMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

const benchOn = async (database: string, budgetMb: number, environment: Record<string, string>) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-'));
  const port = String(await freePort());
  const server = spawnCompiledServer({ DATA_DIR: dataDir, PORT: port, ...environment });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForStart(server, 180_000);
    const pid = server.child.pid ?? 0;
    const afterStart = residentMb(pid);
    const headers = await signIn(origin, server.output());
    const load: [string, string, Record<string, string>][] = [
      ['/healthz', '/healthz', {}],
      ['the page, compressed', '/dashboard', { accept: 'text/html', 'accept-encoding': 'br, gzip' }],
      ['signed-in no-op', '/iamserver/api/v1/auth/fetch-config-key', headers],
      ['port search', '/master/api/v1/oceanport?q=port&pageSize=50', headers],
      ['audit list', '/logserver/api/v1/audit?page=1&pageSize=25', headers],
    ];
    for (const [name, url, requestHeaders] of load) {
      const result = await measure(
        name,
        { url: `${origin}${url}`, headers: requestHeaders },
        { duration: loadSeconds },
      );
      if (result.errors > 0) throw new Error(`${name}: ${result.errors} failed requests`);
      // Which load the memory grows with, when the figure after load is over budget.
      console.log(`${database}: RSS ${residentMb(pid)} MB after ${name}`);
    }
    const afterLoad = residentMb(pid);
    return [
      { database, moment: 'after start', 'RSS (MB)': afterStart, 'budget (MB)': budgetMb },
      { database, moment: 'after load', 'RSS (MB)': afterLoad, 'budget (MB)': budgetMb },
    ].map((row) => ({ ...row, result: row['RSS (MB)'] <= budgetMb ? 'PASS' : 'FAIL' }));
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const rows = await benchOn('PGlite', 250, {});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  try {
    rows.push(...(await benchOn('PostgreSQL', 150, { DATABASE_URL: scratch.url })));
  } finally {
    await scratch.drop();
  }
} else {
  console.log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured.');
}
console.table(rows);
if (rows.some((row) => row.result === 'FAIL')) process.exitCode = 1;
