import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, waitFor } from '../src/mail/mail-test-support.ts';
import { openNotificationStream } from '../src/services/notifications/notify-test-support.ts';
import { createScratchPostgresDatabase } from './databases.ts';
import { freePort, type ServerProcess, spawnServer, stopServer, waitForStart } from './server-process.ts';

// docs/operations.md: two server processes on one PostgreSQL behave as one deployment. A notification made
// through one reaches a stream opened on the other (LISTEN/NOTIFY), and the outbox workers of both
// deliver every queued mail exactly once (FOR UPDATE SKIP LOCKED).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  const demoPassword = 'two-instance-password';
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let originA: string;
  let originB: string;

  const startInstance = async (environment: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-two-'));
    dataDirs.push(dataDir);
    const port = String(await freePort());
    const server = spawnServer({
      DATA_DIR: dataDir,
      PORT: port,
      DATABASE_URL: scratch.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cargodesk <no-reply@two.test>',
      DEMO_PASSWORD: demoPassword,
      ...environment,
    });
    servers.push(server);
    await waitForStart(server);
    return `http://127.0.0.1:${port}`;
  };

  /** An app token for a demo account, signed in through `origin`. */
  const appToken = async (origin: string, email: string) => {
    const { data: config } = (await (await fetch(`${origin}/api/config`)).json()) as {
      data: { identity: { projects: { name: string; apiKey: string }[] } };
    };
    const apiKey = config.identity.projects.find((project) => project.name === 'test')?.apiKey;
    const signIn = await fetch(
      `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: demoPassword, returnSecureToken: true }),
      },
    );
    const { idToken } = (await signIn.json()) as { idToken: string };
    const login = await fetch(`${origin}/iamserver/api/v1/auth/login`, {
      headers: { authorization: idToken },
    });
    const { data } = (await login.json()) as { data: { jwt: string } };
    return data.jwt;
  };

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    smtp = await startSmtpServer();
    // The first migrates and seeds; the second finds both done.
    originA = await startInstance({});
    originB = await startInstance({ SEED_DEMO: 'false' });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await smtp?.close();
    await scratch?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams on instance B a notification created through instance A within a second', async () => {
    const adminOnA = await appToken(originA, 'admin@demo-freight.test');
    const viewerOnB = await appToken(originB, 'viewer@demo-freight.test');
    const stream = await openNotificationStream(originB, viewerOnB);
    try {
      await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
      const sentAt = Date.now();
      const announced = await fetch(`${originA}/notifyserver/api/v1/announcements`, {
        method: 'POST',
        headers: { authorization: adminOnA, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'From instance A' }),
      });
      expect(announced.status).toBe(201);
      const events = await stream.waitFor(
        (received) => received.some((event) => event.event === 'notification'),
        1000,
      );
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(events.find((event) => event.event === 'notification')?.data).toMatchObject({
        title: 'From instance A',
        status: 'new',
      });
    } finally {
      await stream.close();
    }
  });

  /** Polls `check` on instance B until it holds, for at most a second; returns the time taken. */
  const withinASecond = async (check: () => Promise<boolean>) => {
    const startedAt = Date.now();
    while (Date.now() - startedAt < 1000) {
      if (await check()) return Date.now() - startedAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Number.POSITIVE_INFINITY;
  };
  const statusOn = async (origin: string, token: string) =>
    (
      await fetch(`${origin}/iamserver/api/v1/auth/fetch-users-by-token`, {
        headers: { authorization: token },
      })
    ).status;

  // docs/decisions/007-request-pipeline.md: each instance holds signed-in callers in memory; a session
  // ended through one instance stops being accepted by the other within a second.
  it('refuses on instance B, within a second, a session signed out on instance A', async () => {
    const token = await appToken(originA, 'viewer@demo-freight.test');
    // B has resolved, and holds, the caller.
    expect(await statusOn(originB, token)).toBe(200);
    expect(await statusOn(originB, token)).toBe(200);
    const loggedOut = await fetch(`${originA}/iamserver/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: token },
    });
    expect(loggedOut.status).toBe(200);
    expect(await statusOn(originA, token)).toBe(401);
    expect(await withinASecond(async () => (await statusOn(originB, token)) === 401)).toBeLessThan(1000);
  });

  it('refuses on instance B, within a second, a user suspended by a change made outside the app', async () => {
    const token = await appToken(originA, 'viewer@demo-freight.test');
    expect(await statusOn(originB, token)).toBe(200);
    expect(await statusOn(originA, token)).toBe(200);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await client.query(`update users set status = 'suspended' where email = 'viewer@demo-freight.test'`);
      expect(await withinASecond(async () => (await statusOn(originB, token)) === 403)).toBeLessThan(1000);
      expect(await statusOn(originA, token)).toBe(403);
    } finally {
      await client.query(`update users set status = 'active' where email = 'viewer@demo-freight.test'`);
      await client.end();
    }
  });

  // docs/decisions/018-api-tokens.md: an API token's caller is cached like a session's; revoking it
  // through one instance stops it on the other within a second.
  it('refuses on instance B, within a second, an API token revoked on instance A', async () => {
    const session = await appToken(originA, 'viewer@demo-freight.test');
    const created = await fetch(`${originA}/iamserver/api/v1/users-token`, {
      method: 'POST',
      headers: { authorization: session, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Two instances', expiresInDays: 1, permissions: ['users:read'] }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { _id: string; token: string } };
    expect(await statusOn(originB, data.token)).toBe(200);
    expect(await statusOn(originB, data.token)).toBe(200);
    const revoked = await fetch(`${originA}/iamserver/api/v1/users-token/${data._id}`, {
      method: 'DELETE',
      headers: { authorization: session },
    });
    expect(revoked.status).toBe(200);
    expect(await statusOn(originA, data.token)).toBe(401);
    expect(await withinASecond(async () => (await statusOn(originB, data.token)) === 401)).toBeLessThan(1000);
  });

  // docs/decisions/008-list-totals.md: each instance keeps list totals in memory; a change to the
  // audit trail through the other instance makes the next page count again.
  it('counts on instance B, within a second, an audit event recorded through instance A', async () => {
    const adminOnB = await appToken(originB, 'admin@demo-freight.test');
    const totalOnB = async () => {
      const response = await fetch(`${originB}/logserver/api/v1/audit?pageSize=1`, {
        headers: { authorization: adminOnB },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { meta: { total: number } }).meta.total;
    };
    const before = await totalOnB();
    expect(await totalOnB()).toBe(before);
    // Signing in through A records a sign-in in the same company.
    await appToken(originA, 'viewer@demo-freight.test');
    expect(await withinASecond(async () => (await totalOnB()) > before)).toBeLessThan(1000);
  });

  it('delivers each mail queued while both run exactly once', { timeout: 120_000 }, async () => {
    const adminOnA = await appToken(originA, 'admin@demo-freight.test');
    const adminOnB = await appToken(originB, 'admin@demo-freight.test');
    const before = smtp.received.length;
    // Invitations through both instances, and a burst written straight into the outbox.
    const invitations = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        fetch(`${n % 2 === 0 ? originA : originB}/iamserver/api/v1/users/invite`, {
          method: 'POST',
          headers: { authorization: n % 2 === 0 ? adminOnA : adminOnB, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `two-${n}-${Date.now()}@client.test`,
            firstName: 'Two',
            lastName: `N${n}`,
          }),
        }),
      ),
    );
    for (const response of invitations) expect(response.status, await response.text()).toBe(201);
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const burst = Array.from({ length: 40 }, () => uuidv7());
    try {
      for (const id of burst) {
        await client.query(
          `insert into mails (id, from_address, "to", subject, text) values ($1, 'Cargodesk <no-reply@two.test>', '{burst@client.test}', $2, 'Hi')`,
          [id, `Burst ${id}`],
        );
      }
      const expected = 6 + burst.length;
      await waitFor('every mail to reach the SMTP server', () => smtp.received.length - before >= expected, {
        timeoutMs: 90_000,
        intervalMs: 100,
      });
      // Any duplicate would arrive right behind; give it the chance.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const received = smtp.received.slice(before);
      expect(received).toHaveLength(expected);
      const messageIds = received.map((message) => message.messageId);
      expect(new Set(messageIds).size).toBe(expected);
      for (const id of burst) expect(messageIds).toContain(`<${id}@two.test>`);
      const { rows } = await client.query<{ status: string; count: string }>(
        `select status, count(*) from mails where id = any($1::uuid[]) group by status`,
        [burst],
      );
      expect(rows).toEqual([{ status: 'sent', count: String(burst.length) }]);
    } finally {
      await client.end();
    }
  });
});
