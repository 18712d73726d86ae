import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { companies, identityAccounts, mails, twoFactorCodes, users } from '../src/db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  testPassword,
  uniqueEmail,
} from '../src/services/access/access-test-support.ts';
import { testDatabaseKinds } from './databases.ts';
import { waitForMail } from './identity-client.ts';

// Issue 10 item 4 and 6: limits raced by parallel requests. Every limit here is the production
// default; each test uses client addresses of its own so the per-address counters do not mix.
describe.each(testDatabaseKinds)('parallel attacks on the limits on %s', (kind) => {
  let testApp: TIamTestApp;
  let apiKey: string;
  let nextAddress = 1;
  const freshAddress = () => `198.51.100.${nextAddress++}`;

  const identityPost = (
    app: FastifyInstance,
    path: string,
    payload: object,
    { ip = '203.0.113.1' }: { ip?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/${path}?key=${apiKey}`,
      payload,
      remoteAddress: ip,
    });
  const messageOf = (body: string) =>
    String((JSON.parse(body) as { error?: { message?: string } }).error?.message);
  /** Each answer must be a refusal the SDK knows: a wrong password, or the limit. */
  const expectRefusedSignIns = (responses: { statusCode: number; body: string }[]) => {
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(messageOf(response.body)).toMatch(/^(INVALID_LOGIN_CREDENTIALS|TOO_MANY_ATTEMPTS_TRY_LATER)\b/);
    }
    return responses.filter((response) => messageOf(response.body) === 'INVALID_LOGIN_CREDENTIALS').length;
  };

  beforeAll(async () => {
    // An empty value is unset: the production default, not the test harness's raised one.
    testApp = await startIamTestApp({ kind, environment: { SIGN_UP_LIMIT_PER_HOUR: '' } });
    apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
  });
  afterAll(async () => testApp?.close());

  it('hashes at most 10 of 60 parallel sign-in guesses, and the right password at index 55 does not sign in', async () => {
    const email = uniqueEmail('guessed');
    await testApp.signUp(email);
    const guesses = Array.from({ length: 60 }, (_, index) =>
      index === 55 ? testPassword : `wrong-${index}`,
    );
    // Spread over many addresses, as a botnet would: only the per-account counter can stop it.
    const responses = await Promise.all(
      guesses.map((password) =>
        identityPost(
          testApp.app,
          'accounts:signInWithPassword',
          { email, password, returnSecureToken: true },
          { ip: freshAddress() },
        ),
      ),
    );
    const hashed = expectRefusedSignIns(responses);
    expect(hashed).toBeLessThanOrEqual(10);
    // The account stays locked for the window, even for the right password.
    const after = await identityPost(testApp.app, 'accounts:signInWithPassword', {
      email,
      password: testPassword,
    });
    expect(messageOf(after.body)).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
  });

  it('evaluates at most 5 of 12 parallel two-factor guesses, and the right code after them does not sign in', async () => {
    const registered = await testApp.register('tfa-raced');
    await testApp.database.db
      .update(companies)
      .set({ twoFactorAuth: true })
      .where(eq(companies.id, registered.companyId));
    const sentAfter = Date.now();
    const login = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: registered.idToken },
    });
    expect(login.statusCode, login.body).toBe(200);
    const mail = await waitForMail(testApp.origin, registered.email, { after: sentAfter });
    const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const codeAuth = (guess: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/iamserver/api/v1/auth/codeAuth',
        headers: { authorization: registered.idToken },
        payload: { code: guess },
      });

    const wrongCodes = Array.from({ length: 12 }, (_, index) =>
      String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'),
    );
    const responses = await Promise.all(wrongCodes.map(codeAuth));
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.every((status) => status === 401 || status === 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);

    const right = await codeAuth(code);
    expect(right.statusCode, right.body).toBe(429);
    const [row] = await testApp.database.db
      .select()
      .from(twoFactorCodes)
      .where(eq(twoFactorCodes.companyId, registered.companyId));
    expect(row?.attempts).toBeLessThanOrEqual(5);
  });

  it('shares the sign-in counter between two instances on one database', async () => {
    // A second app on the same database: its own process state, the counters only in the database.
    const pool = testApp.database.pool;
    const secondDatabase: Database = pool
      ? await openDatabase({ kind: 'postgres', url: String(pool.options.connectionString), poolSize: 3 })
      : testApp.database;
    const second = await buildApp(testApp.config, { database: secondDatabase, logger: false });
    try {
      await second.ready();
      const email = uniqueEmail('two-instances');
      await testApp.signUp(email);
      const guess = (app: FastifyInstance, index: number) =>
        identityPost(
          app,
          'accounts:signInWithPassword',
          { email, password: `wrong-${index}` },
          { ip: freshAddress() },
        );
      const onFirst = await Promise.all(Array.from({ length: 6 }, (_, index) => guess(testApp.app, index)));
      const onSecond = await Promise.all(Array.from({ length: 6 }, (_, index) => guess(second, index + 6)));
      expect(expectRefusedSignIns(onFirst)).toBe(6);
      expect(expectRefusedSignIns(onSecond)).toBe(4);
      const right = await identityPost(second, 'accounts:signInWithPassword', {
        email,
        password: testPassword,
      });
      expect(messageOf(right.body)).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
    } finally {
      await second.close();
      if (secondDatabase !== testApp.database) await secondDatabase.close();
    }
  });

  it('accepts and mails at most 20 of 40 parallel invitations of one company, and counts resends too', async () => {
    const admin = await testApp.register('relay');
    const invitees = Array.from({ length: 40 }, (_, index) => uniqueEmail(`outsider-${index}`));
    const responses = await Promise.all(
      invitees.map((email) =>
        testApp.app.inject({
          method: 'POST',
          url: '/iamserver/api/v1/users/invite',
          headers: { authorization: admin.jwt },
          payload: { email, firstName: 'Out', lastName: 'Sider' },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.every((status) => status === 201 || status === 429),
      statuses.join(','),
    ).toBe(true);
    const accepted = statuses.filter((status) => status === 201).length;
    expect(accepted).toBe(20);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/invitations/),
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });

    const { db } = testApp.database;
    const inviteMails = await db
      .select({ to: mails.to })
      .from(mails)
      .where(and(eq(mails.companyId, admin.companyId), like(mails.subject, '%invited you%')));
    expect(inviteMails).toHaveLength(accepted);
    // Counted before the identity account is made: the refused addresses got none.
    const accounts = await Promise.all(
      invitees.map((email) =>
        db
          .select({ id: identityAccounts.id })
          .from(identityAccounts)
          .where(eq(identityAccounts.email, email)),
      ),
    );
    expect(accounts.filter((rows) => rows.length > 0)).toHaveLength(accepted);

    // A resend is an invitation mail too.
    const [invited] = await db
      .update(users)
      .set({ invitedAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(and(eq(users.companyId, admin.companyId), eq(users.status, 'invited')))
      .returning({ id: users.id });
    const resend = await testApp.app.inject({
      method: 'POST',
      url: `/iamserver/api/v1/users/${invited?.id}/invite/resend`,
      headers: { authorization: admin.jwt },
    });
    expect(resend.statusCode, resend.body).toBe(429);
    expect(resend.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/invitations/) },
    });
  });

  it('lets one address sign up at most 10 times an hour, even in parallel', async () => {
    const ip = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 14 }, (_, index) =>
        identityPost(
          testApp.app,
          'accounts:signUp',
          { email: uniqueEmail(`mass-${index}`), password: testPassword, returnSecureToken: true },
          { ip },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(messageOf(response.body)).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
    }
  });

  it('lets one address register at most 10 companies an hour, even in parallel', async () => {
    const idTokens = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const response = await identityPost(
          testApp.app,
          'accounts:signUp',
          { email: uniqueEmail(`registrar-${index}`), password: testPassword, returnSecureToken: true },
          { ip: freshAddress() },
        );
        return (response.json() as { idToken: string }).idToken;
      }),
    );
    const ip = freshAddress();
    const responses = await Promise.all(
      idTokens.map((idToken, index) =>
        testApp.app.inject({
          method: 'POST',
          url: '/iamserver/api/v1/auth',
          headers: { authorization: idToken },
          payload: { companyName: `Mass ${index} Freight`, firstName: 'Mass', lastName: 'Registrar' },
          remoteAddress: ip,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });
  });

  it('mails one verification link for parallel resends, then refuses for a minute', async () => {
    const email = uniqueEmail('resend');
    const { idToken } = await testApp.signUp(email);
    const ip = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        identityPost(testApp.app, 'accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken }, { ip }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
      expect(messageOf(response.body)).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
    }
    const verifyMails = await testApp.database.db
      .select({ id: mails.id })
      .from(mails)
      .where(sql`${email} = any(${mails.to})`);
    expect(verifyMails.length).toBeLessThanOrEqual(1);
  });
});
