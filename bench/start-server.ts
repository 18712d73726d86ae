import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, stopServer, waitForStart } from '../apps/server/test/server-process.ts';

export type BenchServer = { origin: string; output: () => string; stop: () => Promise<void> };

/** The real server as its own process on a fresh data dir, so the load generator does not share its event loop. */
export const startBenchServer = async (environment: Record<string, string> = {}): Promise<BenchServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-bench-'));
  const port = String(30_000 + Math.floor(Math.random() * 20_000));
  const server = spawnServer({ DATA_DIR: dataDir, PORT: port, ...environment });
  await waitForStart(server, 120_000);
  return {
    origin: `http://127.0.0.1:${port}`,
    output: server.output,
    stop: async () => {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
