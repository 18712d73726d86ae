import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const mainPath = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** Runs the real server entry (`main.ts`) as its own process, as `npm start` does. */
export const spawnServer = (environment: Record<string, string>): ServerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

/** Waits until the server prints its start banner; fails with its output if it exits first. */
export const waitForStart = async (server: ServerProcess, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.output().includes('Cargodesk is running at')) return;
    if (server.child.exitCode !== null) throw new Error(`Server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Server did not start in time:\n${server.output()}`);
};

export const stopServer = async (server: ServerProcess) => {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
};

/**
 * A port nothing listens on now, chosen by the system. A random pick may fall in the system's
 * range for outgoing connections and collide with one of them.
 */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
