import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createScratchPostgresDatabase } from '../../test/databases.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './database-errors.ts';
import { migrateDatabase } from './migrate.ts';

// A database that is down, frozen or gone must answer 503 UNAVAILABLE within a few seconds, never
// a 500 after the operating system's TCP timeouts. The app reaches PostgreSQL through a TCP relay
// the test can freeze, cut or close, with short timeouts so the test stays quick.

/** A TCP relay to PostgreSQL that can stop forwarding (a frozen host), or refuse and cut connections. */
const startRelay = async (target: { host: string; port: number }) => {
  const sockets = new Set<net.Socket>();
  let isFrozen = false;
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
    if (isFrozen) {
      client.pause();
      upstream.pause();
    }
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    freeze: () => {
      isFrozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      isFrozen = false;
      for (const socket of sockets) socket.resume();
    },
    /** Closes the port and every connection: the database host is down. */
    refuse: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    reopen: async () => {
      server = net.createServer(onConnection);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const timeouts = { statementMs: 700, connectMs: 800 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('an unreachable or frozen PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let testApp: TestApp;
  let jwt: string;

  const runOnScratch = async (statement: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };

  /** A signed-in route and readiness, timed. */
  const probe = async (url = '/iamserver/api/v1/users/me') => {
    const started = Date.now();
    const response = await testApp.app.inject({ url, headers: { authorization: jwt } });
    return { response, ms: Date.now() - started };
  };

  const expectUnavailable = async (url?: string) => {
    const { response, ms } = await probe(url);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(response.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(4000);
  };

  const expectRecovered = async () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { response } = await probe();
      if (response.statusCode === 200) return;
      expect(response.statusCode, response.body).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('The app did not recover once the database answered again');
  };

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const direct = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    await migrateDatabase(direct);
    await direct.close();
    const target = new URL(scratch.url);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const relayed = new URL(scratch.url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const database = await openDatabase({ kind: 'postgres', url: relayed.toString(), poolSize: 4, timeouts });
    testApp = await buildTestApp({ kind: 'postgres', database });
    const apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey;
    const signUp = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`,
      payload: { email: 'outage@example.com', password: 'correct horse 42', returnSecureToken: true },
    });
    const registered = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth',
      headers: { authorization: (signUp.json() as { idToken: string }).idToken },
      payload: { companyName: 'Outage Freight', firstName: 'Ada', lastName: 'Outage' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    jwt = (registered.json() as { data: { jwt: string } }).data.jwt;
    expect((await probe()).response.statusCode).toBe(200);
  });
  afterAll(async () => {
    await testApp?.close();
    await relay?.close();
    await scratch?.drop();
  });

  it('cancels a statement that outlives DATABASE_STATEMENT_TIMEOUT_MS, and the request answers 503', async () => {
    const started = Date.now();
    const sleeping = await testApp.database.db
      .execute(sql`select pg_sleep(5)`)
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(sleeping)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2500);
    // A lock held elsewhere keeps the sign-in check waiting until the statement timeout ends it.
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table users in access exclusive mode');
      await expectUnavailable();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    await expectRecovered();
  });

  it('answers 503 at once while the database host does not answer at all', async () => {
    relay.freeze();
    try {
      await expectUnavailable();
      await expectUnavailable('/readyz');
    } finally {
      relay.thaw();
    }
    await expectRecovered();
  });

  it('answers 503 at once while the database refuses connections', async () => {
    await relay.refuse();
    try {
      await expectUnavailable();
      await expectUnavailable('/readyz');
    } finally {
      await relay.reopen();
    }
    await expectRecovered();
  });

  it('answers 503, never 500, when its sessions are terminated and the database is dropped', async () => {
    await runOnScratch(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const afterTermination = await Promise.all([probe(), probe(), probe('/readyz')]);
    for (const { response } of afterTermination) expect([200, 503]).toContain(response.statusCode);
    await scratch.drop();
    await expectUnavailable();
    await expectUnavailable('/readyz');
  });
});
