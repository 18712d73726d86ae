import os from 'node:os';
import path from 'node:path';
import { accountSuspendedMessage, type TLoginResponse } from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  signInWithEmailAndPassword,
  updatePassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { companies } from '../src/db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
  testPassword,
  uniqueEmail,
} from '../src/services/access/access-test-support.ts';
import { openNotificationStream } from '../src/services/notifications/notify-test-support.ts';
import { addCompanyMember } from './company-members.ts';
import { createScratchPostgresDatabase, testDatabaseKinds } from './databases.ts';
import { createAuthClient } from './identity-client.ts';

// Attack suite, session end (docs/security.md "a session ends everywhere"): whoever holds an app token
// from before a password reset or change, an account deletion, disabling or suspension, a sign-out
// or a sign-out of all sessions, can no longer use it, refresh it, or keep reading its
// notification stream. Each case goes through the real identity routes (the firebase SDK) or the
// real app routes, and the stream must end within a second of the answer.

const base = '/iamserver/api/v1';
const newPassword = 'a brand new password 77';
type TStream = Awaited<ReturnType<typeof openNotificationStream>>;
type TMember = Awaited<ReturnType<typeof addCompanyMember>> & { uid: string };

const apiKeyOf = (app: FastifyInstance) =>
  app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';

/** What an old app token gets after its session ended: refused, and refused a refresh. */
const expectTokenRefused = async (
  app: FastifyInstance,
  token: string,
  { isSuspended = false }: { isSuspended?: boolean } = {},
) => {
  for (const url of ['/auth/fetch-users-by-token', '/auth/token-refresh']) {
    const response = await app.inject({ url: `${base}${url}`, headers: { authorization: token } });
    if (isSuspended) {
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ error: { message: accountSuspendedMessage } });
    } else {
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
  }
};

const openReadyStream = async (origin: string, token: string) => {
  const stream = await openNotificationStream(origin, token);
  expect(stream.response.status).toBe(200);
  await stream.waitFor((events) => events.some((event) => event.event === 'ready'));
  return stream;
};

describe.each(testDatabaseKinds)('attack: a session ends everywhere on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let bystander: TStream;
  const streams: TStream[] = [];
  const clients: { close: () => Promise<void> }[] = [];

  const stream = async (token: string) => {
    const opened = await openReadyStream(testApp.origin, token);
    streams.push(opened);
    return opened;
  };
  const sdk = () => {
    const client = createAuthClient({ origin: testApp.origin, apiKey: apiKeyOf(testApp.app) });
    clients.push(client);
    return client.auth;
  };
  const member = async (label: string): Promise<TMember> => {
    const added = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'member', label });
    const account = await testApp.app.identity.admin.findAccountByEmail('test', added.email);
    if (!account) throw new Error('The member has no identity account');
    return { ...added, uid: account.id };
  };
  /** A second app session of the same person, as from another browser. */
  const secondSession = async (email: string) => {
    const { user } = await signInWithEmailAndPassword(sdk(), email, testPassword);
    const response = await testApp.app.inject({
      url: `${base}/auth/login`,
      headers: { authorization: await user.getIdToken() },
    });
    const { jwt } = (response.json() as { data: TLoginResponse }).data;
    if (!jwt) throw new Error(`No second session: ${response.body}`);
    return jwt;
  };
  const inject = (options: { method?: 'GET' | 'POST' | 'DELETE'; url: string; token: string }) =>
    testApp.app.inject({
      method: options.method ?? 'GET',
      url: `${base}${options.url}`,
      headers: { authorization: options.token },
    });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('session-end');
    // Someone else in the company whose stream must survive every case below.
    bystander = await openReadyStream(testApp.origin, admin.jwt);
  }, 60_000);

  afterAll(async () => {
    expect(bystander.isEnded()).toBe(false);
    await Promise.all([bystander, ...streams].map((opened) => opened.close()));
    await Promise.all(clients.map((client) => client.close()));
    await testApp?.close();
  });

  it('a password reset through the mailed link ends every app session of the account', async () => {
    const person = await member('reset');
    const other = await secondSession(person.email);
    const [first, second] = [await stream(person.jwt), await stream(other)];
    const link = await testApp.app.identity.admin.generateActionLink({
      project: 'test',
      kind: 'PASSWORD_RESET',
      email: person.email,
    });
    await confirmPasswordReset(sdk(), new URL(link).searchParams.get('oobCode') ?? '', newPassword);
    await Promise.all([first.waitForEnd(1000), second.waitForEnd(1000)]);
    await expectTokenRefused(testApp.app, person.jwt);
    await expectTokenRefused(testApp.app, other);
  });

  it('a password change by its owner ends the old sessions; the fresh ID token signs in again', async () => {
    const person = await member('change');
    const elsewhere = await stream(person.jwt);
    const { user } = await signInWithEmailAndPassword(sdk(), person.email, testPassword);
    await updatePassword(user, newPassword);
    await elsewhere.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
    // The tab that changed it holds fresh identity tokens and gets a new app session with them.
    const login = await testApp.app.inject({
      url: `${base}/auth/login`,
      headers: { authorization: await user.getIdToken() },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { jwt } = (login.json() as { data: TLoginResponse }).data;
    expect((await inject({ url: '/auth/fetch-users-by-token', token: jwt ?? '' })).statusCode).toBe(200);
  });

  it('deleting the identity account (accounts:delete) ends its app sessions', async () => {
    const person = await member('self-delete');
    const opened = await stream(person.jwt);
    const { user } = await signInWithEmailAndPassword(sdk(), person.email, testPassword);
    await deleteUser(user);
    await opened.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
  });

  it('deleting the identity account through the admin interface ends its app sessions', async () => {
    const person = await member('admin-delete');
    const opened = await stream(person.jwt);
    await testApp.app.identity.admin.deleteAccount('test', person.uid);
    await opened.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
  });

  it('disabling the identity account ends its app sessions', async () => {
    const person = await member('disable');
    const opened = await stream(person.jwt);
    await testApp.app.identity.admin.disableAccount('test', person.uid);
    await opened.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
  });

  it('suspending the user ends their streams; the old token answers Account was suspended', async () => {
    const person = await member('suspend');
    const opened = await stream(person.jwt);
    const response = await inject({
      method: 'POST',
      url: `/users/${person.userId}/suspend`,
      token: admin.jwt,
    });
    expect(response.statusCode, response.body).toBe(200);
    await opened.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt, { isSuspended: true });
  });

  it('deleting the user ends their streams', async () => {
    const person = await member('deleted');
    const opened = await stream(person.jwt);
    const response = await inject({ method: 'DELETE', url: `/users/${person.userId}`, token: admin.jwt });
    expect(response.statusCode, response.body).toBe(200);
    await opened.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
  });

  it('signing out ends that session and its stream, and only that one', async () => {
    const person = await member('logout');
    const other = await secondSession(person.email);
    const [signedOut, kept] = [await stream(person.jwt), await stream(other)];
    const response = await inject({ method: 'POST', url: '/auth/logout', token: person.jwt });
    expect(response.statusCode, response.body).toBe(200);
    await signedOut.waitForEnd(1000);
    await expectTokenRefused(testApp.app, person.jwt);
    expect(kept.isEnded()).toBe(false);
    expect((await inject({ url: '/auth/fetch-users-by-token', token: other })).statusCode).toBe(200);
  });

  it('signing out of all sessions ends every session and stream of the user', async () => {
    const person = await member('everywhere');
    const other = await secondSession(person.email);
    const [first, second] = [await stream(person.jwt), await stream(other)];
    const response = await inject({ method: 'POST', url: '/users/me/sessions/revoke', token: person.jwt });
    expect(response.statusCode, response.body).toBe(200);
    await Promise.all([first.waitForEnd(1000), second.waitForEnd(1000)]);
    await expectTokenRefused(testApp.app, person.jwt);
    await expectTokenRefused(testApp.app, other);
  });
});

describe.each(testDatabaseKinds)('attack: a company suspended by the operator on %s', (kind) => {
  let testApp: TIamTestApp;

  beforeAll(async () => {
    // No route suspends a company: the operator sets it in the database, and the periodic session
    // check (here every 300 ms) ends the company's streams.
    testApp = await startIamTestApp({ kind, notify: { stream: { sessionCheckMs: 300 } } });
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  });

  it('ends every stream of the company and refuses its tokens', async () => {
    const owner = await testApp.register('suspended-company');
    const opened = await openReadyStream(testApp.origin, owner.jwt);
    try {
      await testApp.database.db
        .update(companies)
        .set({ status: 'suspended' })
        .where(eq(companies.id, owner.companyId));
      await opened.waitForEnd(1000);
      await expectTokenRefused(testApp.app, owner.jwt, { isSuspended: true });
    } finally {
      await opened.close();
    }
  });
});

// Two instances on one PostgreSQL (docs/operations.md): the session ends through instance A, the stream
// was opened on instance B, and only the database's NOTIFY can tell B.
describe.skipIf(!process.env.TEST_DATABASE_URL)('attack: a session ends on every instance', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgresDatabase>>;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let originA: string;
  let originB: string;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  const clients: { close: () => Promise<void> }[] = [];

  const startInstance = async () => {
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
    databases.push(database);
    const config = loadConfig({
      DATA_DIR: path.join(os.tmpdir(), `cargodesk-test-${process.pid}`),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp(config, { database, logger: false });
    apps.push(app);
    return { app, origin: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };

  /** Signs up through A, registers a company through A, and opens a second session on B. */
  const personOnBoth = async (label: string) => {
    const client = createAuthClient({ origin: originA, apiKey: apiKeyOf(appA) });
    clients.push(client);
    const { user } = await createUserWithEmailAndPassword(client.auth, uniqueEmail(label), testPassword);
    const idToken = await user.getIdToken();
    const registered = await appA.inject({
      method: 'POST',
      url: `${base}/auth`,
      headers: { authorization: idToken },
      payload: { companyName: `${label} Freight`, firstName: 'Ada', lastName: label },
    });
    const login = await appB.inject({ url: `${base}/auth/login`, headers: { authorization: idToken } });
    const jwtOnA = (registered.json() as { data: TLoginResponse }).data.jwt ?? '';
    const jwtOnB = (login.json() as { data: TLoginResponse }).data.jwt ?? '';
    expect(jwtOnA && jwtOnB).toBeTruthy();
    return { user, jwtOnA, jwtOnB };
  };

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase();
    const migrator = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 1 });
    await migrateDatabase(migrator);
    await migrator.close();
    ({ app: appA, origin: originA } = await startInstance());
    ({ app: appB, origin: originB } = await startInstance());
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('closes a stream on instance B when its session is signed out through instance A', async () => {
    const { jwtOnB } = await personOnBoth('two-logout');
    const opened = await openReadyStream(originB, jwtOnB);
    try {
      const response = await appA.inject({
        method: 'POST',
        url: `${base}/auth/logout`,
        headers: { authorization: jwtOnB },
      });
      expect(response.statusCode, response.body).toBe(200);
      await opened.waitForEnd(1000);
      await expectTokenRefused(appB, jwtOnB);
    } finally {
      await opened.close();
    }
  });

  it('closes a stream on instance B when the password changes through instance A', async () => {
    const { user, jwtOnB } = await personOnBoth('two-change');
    const opened = await openReadyStream(originB, jwtOnB);
    try {
      await updatePassword(user, newPassword);
      await opened.waitForEnd(1000);
      await expectTokenRefused(appB, jwtOnB);
    } finally {
      await opened.close();
    }
  });
});
