import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from '../src/pdf/find-chromium.ts';
import { freePort, type ServerProcess, spawnServer, stopServer, waitForStart } from './server-process.ts';

// The real entry point as its own process: start-up failures, restarts and shutdown.
describe('the server process', () => {
  const started: ServerProcess[] = [];
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-process-'));
    dataDirs.push(dir);
    return dir;
  };
  const start = (environment: Record<string, string>) => {
    const server = spawnServer(environment);
    started.push(server);
    return server;
  };
  const errorLines = (server: ServerProcess) =>
    server
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.trim() !== '');

  afterEach(async () => {
    await Promise.all(started.splice(0).map(stopServer));
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops with one line naming a bad variable', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: newDataDir() });
    expect(await server.exited).not.toBe(0);
    expect(errorLines(server)).toEqual([
      'cargodesk: Invalid PORT="eighty": must be a port number from 0 to 65535',
    ]);
  });

  it('stops with one line when DATABASE_URL cannot be reached, without echoing its password', async () => {
    const server = start({
      DATABASE_URL: 'postgres://someone:hunter2@127.0.0.1:1/nowhere',
      DATA_DIR: newDataDir(),
    });
    expect(await server.exited).not.toBe(0);
    const lines = errorLines(server);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^cargodesk: Cannot connect to DATABASE_URL \(postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nowhere\)/,
    );
    expect(server.output()).not.toContain('hunter2');
  });

  it('stops with one line when the data directory is corrupt', async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'not a postgres data directory\n');
    const server = start({ DATA_DIR: dataDir, PORT: '0' });
    expect(await server.exited).not.toBe(0);
    const lines = errorLines(server);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cargodesk: Cannot open the embedded database in .*pgdata/);
  });

  it('keeps data across a graceful restart, finishing in-flight requests, and refuses a second process', {
    timeout: 180_000,
  }, async () => {
    const dataDir = newDataDir();
    const port = String(await freePort());
    const first = start({ DATA_DIR: dataDir, PORT: port });
    await waitForStart(first);
    expect(first.output()).toMatch(/Demo login: admin@demo-freight\.test {2}password: \S+/);
    // The banner names the browser that prints PDFs, or why there is none.
    const chromium = findChromium(undefined);
    expect(first.output()).toContain(
      chromium.found
        ? `PDF rendering: Chromium at ${chromium.path}`
        : `PDF rendering is off: ${chromium.reason}`,
    );
    const origin = `http://127.0.0.1:${port}`;
    const { data: config } = (await (await fetch(`${origin}/api/config`)).json()) as {
      data: { identity: { projects: { name: string; apiKey: string }[] } };
    };
    const apiKey = config.identity.projects.find((project) => project.name === 'test')?.apiKey;
    const call = (operation: string, body: object) =>
      fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=${apiKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).not.toBe(0);
    expect(errorLines(second)).toEqual([
      expect.stringMatching(/^cargodesk: DATA_DIR .* is in use by another Cargodesk process \(pid \d+\)/),
    ]);

    // A sign-up hashes a password for a while: SIGTERM arrives while it is in flight.
    const inFlight = call('signUp', {
      email: 'kept@example.com',
      password: 'restart-proof',
      returnSecureToken: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await first.exited, first.output()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'cargodesk.lock'))).toBe(false);

    const restarted = start({ DATA_DIR: dataDir, PORT: port });
    await waitForStart(restarted);
    const demoPassword = first.output().match(/password: (\S+)/)?.[1];
    expect(restarted.output()).toContain(`password: ${demoPassword}`);
    const signIn = await call('signInWithPassword', {
      email: 'kept@example.com',
      password: 'restart-proof',
      returnSecureToken: true,
    });
    expect(signIn.status).toBe(200);
    expect(await (await fetch(`${origin}/readyz`)).json()).toEqual({ status: 'ready' });
  });
});
