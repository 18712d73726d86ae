import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createScratchPostgresDatabase } from '../apps/server/test/databases.ts';
import { type Measurement, measure } from './measure.ts';

// What the API benchmarks share: rounds of autocannon runs over the product's and the bare routes,
// and the bare Fastify server started as a process of its own.

const duration = Number(process.env.BENCH_DURATION ?? 4);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));

export type TRoute = {
  key: string;
  name: string;
  options: Parameters<typeof measure>[1];
  settings?: Parameters<typeof measure>[2];
};

/**
 * Every route once for warm-up, then `rounds` rounds of every route in turn, keeping each route's
 * best run. The machine is shared (the load generator, two servers and PostgreSQL on two cores,
 * and whatever else runs there): rounds interleave the product's routes with the bare ones, so a
 * slow spell hits both sides alike, and a run that something else slowed says nothing about its route.
 */
export const measureRounds = async (
  routes: TRoute[],
  afterRun: (route: TRoute) => void = () => {},
): Promise<Record<string, Measurement>> => {
  for (const route of routes) await measure(route.name, route.options, { ...route.settings, duration: 2 });
  const best: Record<string, Measurement> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const route of routes) {
      const run = await measure(route.name, route.options, { duration, ...route.settings });
      afterRun(route);
      const kept = best[route.key];
      if (!kept || run.requestsPerSecond > kept.requestsPerSecond)
        best[route.key] = { ...run, errors: run.errors + (kept?.errors ?? 0) };
      else kept.errors += run.errors;
    }
  }
  return best;
};

export const startBare = async (script: string, environment: Record<string, string>) => {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url))],
    { env: { PATH: process.env.PATH ?? '', ...environment }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/bare server at (\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}: ${output}`)));
  });
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/** Runs one SQL statement and answers its rows. */
export type TRunSql = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Gives `work` the bench's database straight, not through the server: PostgreSQL at `databaseUrl`,
 * or the PGlite cluster in `dataDir` while no server holds it.
 */
export const withBenchDatabase = async <T>(
  { databaseUrl, dataDir }: { databaseUrl?: string | undefined; dataDir: string },
  work: (run: TRunSql) => Promise<T>,
): Promise<T> => {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (text) => (await client.query(text)).rows);
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
};

/**
 * Runs a bench on the databases BENCH_DATABASES names (`pglite,postgres` by default): PGlite, then a
 * scratch database on the PostgreSQL server of BENCH_DATABASE_URL or TEST_DATABASE_URL (or the
 * local one), dropped afterwards.
 */
export const onBenchDatabases = async (
  benchOn: (label: string, kind: 'pglite' | 'postgres', databaseUrl?: string) => Promise<void>,
) => {
  const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
  if (databases.includes('pglite')) await benchOn('Embedded PGlite', 'pglite');
  if (!databases.includes('postgres')) return;
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://root@127.0.0.1:5432/postgres';
  const scratch = await createScratchPostgresDatabase(serverUrl);
  try {
    await benchOn('PostgreSQL server', 'postgres', scratch.url);
  } finally {
    await scratch.drop();
  }
};
