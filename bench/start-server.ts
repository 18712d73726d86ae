import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const mainPath = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));

export type BenchServer = { origin: string; output: () => string; stop: () => Promise<void> };

/** The real server as its own process on a fresh data dir, so the load generator does not share its event loop. */
export const startBenchServer = async (environment: Record<string, string> = {}): Promise<BenchServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-'));
  const port = String(30_000 + Math.floor(Math.random() * 20_000));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Cargodesk is running at')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const runOnServer = async (serverUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** A throwaway database on a PostgreSQL server, for one benchmark run. */
export const createScratchDatabase = async (serverUrl: string) => {
  const name = `cargodesk_bench_${Date.now()}`;
  await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};
