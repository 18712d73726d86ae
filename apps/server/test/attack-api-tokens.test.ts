import { accountSuspendedMessage, apiTokenMessages, type TCreatedApiToken } from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, companies } from '../src/db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { grantMessages } from '../src/services/access/roles-and-groups/grant-rules.ts';
import { behaviourDatabaseKinds } from './databases.ts';

// The attack suite's personal API tokens (docs/security.md, docs/decisions/018-api-tokens.md): a token
// never makes tokens nor widens itself, never outlives its revocation, expiry, its user's suspension
// or a role its user lost, and never reaches another company; guessing tokens is limited per address.

const iam = '/iamserver/api/v1';

describe.each(behaviourDatabaseKinds)('API tokens on %s', (kind) => {
  let testApp: TIamTestApp;
  let owner: TRegistered;
  let outsider: TRegistered;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url: `${iam}${url}`,
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    });
  const createToken = async (jwt: string, permissions: string[], name = 'Attack probe') => {
    const response = await call(jwt, 'POST', '/users-token', { name, expiresInDays: 7, permissions });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TCreatedApiToken }).data;
  };
  const errorOf = (response: { json: () => unknown }) =>
    (response.json() as { error: { message: string } }).error;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    owner = await testApp.register('tokens-owner', 'Token Freight');
    outsider = await testApp.register('tokens-outsider', 'Other Freight');
  });
  afterAll(async () => testApp?.close());

  it('lets no API token create, list or revoke API tokens, even an admin’s with every permission', async () => {
    const { permissions } = await import('@cargodesk/shared');
    const token = await createToken(owner.jwt, [...permissions]);
    const attempts = [
      await call(token.token, 'POST', '/users-token', {
        name: 'Child',
        expiresInDays: 365,
        permissions: [...permissions],
      }),
      await call(token.token, 'GET', '/users-token'),
      await call(token.token, 'DELETE', `/users-token/${token._id}`),
      await call(token.token, 'GET', '/auth/token-refresh'),
      await call(token.token, 'POST', '/auth/logout'),
      await call(token.token, 'POST', '/users/me/sessions/revoke'),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(apiTokenMessages.notForApiTokens);
    }
    const [row] = await testApp.database.db.select().from(apiTokens).where(eq(apiTokens.id, token._id));
    expect(row?.revokedAt).toBeNull();
  });

  it('carries no platform rights: a platform administrator’s token is refused by the console', async () => {
    const { permissions } = await import('@cargodesk/shared');
    const operator = await testApp.register('tokens-operator', 'Token Operator Freight');
    await testApp.grantPlatformAdmin(operator.email);
    expect((await call(operator.jwt, 'GET', '/app-admin/companies')).statusCode).toBe(200);
    const token = await createToken(operator.jwt, [...permissions]);
    for (const [method, url] of [
      ['GET', '/app-admin/companies'],
      ['POST', `/app-admin/companies/${outsider.companyId}/suspend`],
      ['GET', `/companies/${outsider.companyId}/users`],
      ['GET', '/app-admin/issues'],
    ] as const) {
      const response = await call(
        token.token,
        method,
        url,
        method === 'POST' ? { reason: 'By token' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const [company] = await testApp.database.db
      .select({ status: companies.status })
      .from(companies)
      .where(eq(companies.id, outsider.companyId));
    expect(company?.status).toBe('active');
  });

  it('refuses a token permissions its creator does not hold, naming them', async () => {
    const reader = await testApp.addUser(owner, { label: 'reader', role: { permissions: ['users:read'] } });
    const response = await call(reader.jwt, 'POST', '/users-token', {
      name: 'Wider',
      expiresInDays: 7,
      permissions: ['users:read', 'users:write', 'roles:write'],
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(
      apiTokenMessages.permissionsNotHeld(['users:write', 'roles:write']),
    );
  });

  it('holds a token to its own permissions when it hands out rights, though its user is an admin', async () => {
    const token = await createToken(owner.jwt, ['roles:read', 'roles:write']);
    const wider = await call(token.token, 'POST', '/roles', {
      name: 'Token made',
      permissions: ['users:write'],
    });
    expect(wider.statusCode).toBe(403);
    expect(errorOf(wider).message).toBe(grantMessages.permissionsNotHeld(['users:write']));
    const within = await call(token.token, 'POST', '/roles', {
      name: 'Token made',
      permissions: ['roles:read'],
    });
    expect(within.statusCode, within.body).toBe(201);
    // The system roles change only by an admin's hand; a narrowed admin token is not one.
    const roles = (await call(owner.jwt, 'GET', '/roles')).json() as {
      data: { _id: string; systemKey: string | null }[];
    };
    const viewer = roles.data.find((role) => role.systemKey === 'viewer');
    const system = await call(token.token, 'PATCH', `/roles/${viewer?._id}`, { permissions: ['roles:read'] });
    expect(system.statusCode).toBe(403);
  });

  it('answers 401 at once for a revoked token, a wrong secret, a forged company and an expired token', async () => {
    const token = await createToken(owner.jwt, ['users:read']);
    expect((await call(token.token, 'GET', '/users')).statusCode).toBe(200);
    // The caller is cached now: a wrong secret with the right ids must not find it.
    const lastCharacter = token.token.at(-1) === 'A' ? 'B' : 'A';
    const wrongSecret = await call(`${token.token.slice(0, -1)}${lastCharacter}`, 'GET', '/users');
    expect(wrongSecret.statusCode).toBe(401);
    expect(errorOf(wrongSecret).message).toBe(apiTokenMessages.invalid);
    const outsiderHex = outsider.companyId.replaceAll('-', '');
    const forged = `cdk_pat_${outsiderHex}${token.token.slice(8 + 32)}`;
    expect((await call(forged, 'GET', '/users')).statusCode).toBe(401);
    expect((await call('cdk_pat_nonsense', 'GET', '/users')).statusCode).toBe(401);

    expect((await call(owner.jwt, 'DELETE', `/users-token/${token._id}`)).statusCode).toBe(200);
    const revoked = await call(token.token, 'GET', '/users');
    expect(revoked.statusCode).toBe(401);
    expect(errorOf(revoked).message).toBe(apiTokenMessages.revoked);

    const expiring = await createToken(owner.jwt, ['users:read']);
    expect((await call(expiring.token, 'GET', '/users')).statusCode).toBe(200);
    await testApp.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiTokens.id, expiring._id));
    const expired = await call(expiring.token, 'GET', '/users');
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).message).toBe(apiTokenMessages.expired);
  });

  it('answers 429 to an address after 100 unknown tokens or wrong secrets in 15 minutes, counted atomically, and only for failures', async () => {
    const token = await createToken(owner.jwt, ['users:read']);
    const ownerHex = owner.companyId.replaceAll('-', '');
    const randomHex = () => crypto.randomUUID().replaceAll('-', '');
    const randomSecret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const fromAddress = (remoteAddress: string, presented: string) =>
      testApp.app.inject({ url: `${iam}/users`, headers: { authorization: presented }, remoteAddress });
    // Unknown token ids of a real company, and the real token id with a wrong secret, in parallel.
    const guesses = Array.from({ length: 120 }, (_, index) =>
      index % 2 === 0
        ? `cdk_pat_${ownerHex}${randomHex()}_${randomSecret()}`
        : `${token.token.slice(0, 8 + 64 + 1)}${randomSecret()}`,
    );
    const answers = await Promise.all(guesses.map((guess) => fromAddress('198.51.100.7', guess)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    const limited = answers.find((answer) => answer.statusCode === 429);
    expect(limited?.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: apiTokenMessages.tooManyFailures,
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // The right token from that address is not even looked up now, so a lucky guess would gain nothing.
    expect((await fromAddress('198.51.100.7', token.token)).statusCode).toBe(429);
    // Another address is not held back by the first one's failures.
    expect((await fromAddress('198.51.100.8', token.token)).statusCode).toBe(200);

    // A known token that may not call (here revoked) is no guess: its refusals never add up.
    const revoked = await createToken(owner.jwt, ['users:read']);
    expect((await call(owner.jwt, 'DELETE', `/users-token/${revoked._id}`)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 105; attempt += 1) {
      const answer = await fromAddress('198.51.100.9', revoked.token);
      expect(answer.statusCode).toBe(401);
    }
    expect(
      (await fromAddress('198.51.100.9', `cdk_pat_${ownerHex}${randomHex()}_${randomSecret()}`)).statusCode,
    ).toBe(401);
  });

  it("answers 404 to another company's admin for a token id, and leaves the token working", async () => {
    const token = await createToken(owner.jwt, ['users:read']);
    const response = await call(outsider.jwt, 'DELETE', `/users-token/${token._id}`);
    expect(response.statusCode).toBe(404);
    expect((await call(token.token, 'GET', '/users')).statusCode).toBe(200);
  });

  it('stops a suspended user’s token at once, and a suspended company’s', async () => {
    const worker = await testApp.addUser(owner, { label: 'worker', role: { permissions: ['users:read'] } });
    const token = await createToken(worker.jwt, ['users:read']);
    expect((await call(token.token, 'GET', '/users')).statusCode).toBe(200);
    const suspended = await call(owner.jwt, 'POST', `/users/${worker.userId}/suspend`);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await call(token.token, 'GET', '/users');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(accountSuspendedMessage);

    const ownerToken = await createToken(owner.jwt, ['users:read']);
    expect((await call(ownerToken.token, 'GET', '/users')).statusCode).toBe(200);
    await testApp.database.db
      .update(companies)
      .set({ status: 'suspended' })
      .where(eq(companies.id, owner.companyId));
    try {
      const companyRefused = await call(ownerToken.token, 'GET', '/users');
      expect(companyRefused.statusCode).toBe(403);
      expect(errorOf(companyRefused).message).toBe(accountSuspendedMessage);
    } finally {
      await testApp.database.db
        .update(companies)
        .set({ status: 'active' })
        .where(eq(companies.id, owner.companyId));
    }
  });

  it('narrows a token at once when its user loses a role, and ends it when the user is deleted', async () => {
    const readers = await call(owner.jwt, 'POST', '/roles', {
      name: 'User readers',
      permissions: ['users:read'],
    });
    expect(readers.statusCode, readers.body).toBe(201);
    const readersRoleId = (readers.json() as { data: { _id: string } }).data._id;
    const mover = await testApp.addUser(owner, { label: 'mover', role: { permissions: ['roles:read'] } });
    const setRoles = async (roleIds: string[]) => {
      const response = await call(owner.jwt, 'PUT', `/users/${mover.userId}/roles`, { roleIds });
      expect(response.statusCode, response.body).toBe(200);
    };
    const moverRoles = (await call(owner.jwt, 'GET', `/users/${mover.userId}`)).json() as {
      data: { roles: { _id: string }[] };
    };
    const customRoleId = moverRoles.data.roles[0]?._id ?? '';
    await setRoles([customRoleId, readersRoleId]);
    const token = await createToken(mover.jwt, ['roles:read', 'users:read']);
    expect((await call(token.token, 'GET', '/roles')).statusCode).toBe(200);
    expect((await call(token.token, 'GET', '/users')).statusCode).toBe(200);

    await setRoles([readersRoleId]);
    const narrowed = await call(token.token, 'GET', '/roles');
    expect(narrowed.statusCode).toBe(403);
    expect(errorOf(narrowed).message).toBe('This needs the roles:read permission');
    const me = (await call(token.token, 'GET', '/auth/fetch-users-by-token')).json() as {
      data: { permissions: string[] }[];
    };
    expect(me.data[0]?.permissions).toEqual(['users:read']);
    // Given the role back, the token is as it was: it never held more than it was given.
    await setRoles([customRoleId, readersRoleId]);
    expect((await call(token.token, 'GET', '/roles')).statusCode).toBe(200);

    expect((await call(owner.jwt, 'DELETE', `/users/${mover.userId}`)).statusCode).toBe(200);
    expect((await call(token.token, 'GET', '/users')).statusCode).toBe(401);
  });
});
