import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, stopServer, waitForStart } from '../apps/server/test/server-process.ts';
import { isServerBuildStale } from '../scripts/tools.mjs';
import { buildServer, spawnCompiledServer } from './compiled-server.ts';

export type BenchServer = {
  origin: string;
  /** The server process id, to read its memory. */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * The real server as `npm start` runs it (compiled JavaScript, built first when the sources are
 * newer), as its own process on a fresh data dir, so the load generator does not share its event
 * loop. With `dataDir` it starts on that directory and leaves it in place when it stops.
 */
export const startBenchServer = async (
  environment: Record<string, string> = {},
  { dataDir }: { dataDir?: string } = {},
): Promise<BenchServer> => {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-'));
  const port = String(await freePort());
  if (isServerBuildStale()) buildServer();
  const server = spawnCompiledServer({ DATA_DIR: dir, PORT: port, ...environment });
  await waitForStart(server, 120_000);
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: server.child.pid ?? 0,
    dataDir: dir,
    output: server.output,
    stop: async () => {
      await stopServer(server);
      if (!dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Resident memory of a process in MB (Linux), or NaN where /proc is missing. */
export const residentMegabytes = (pid: number) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Math.round(kilobytes / 1024);
  } catch {
    return Number.NaN;
  }
};
