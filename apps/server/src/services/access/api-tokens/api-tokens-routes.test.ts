import {
  apiTokenMaxActivePerUser,
  apiTokenMessages,
  type TApiToken,
  type TAuditEvent,
  type TCreatedApiToken,
} from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { apiTokens, auditEvents } from '../../../db/schema/index.ts';
import { hashApiTokenSecret } from '../../../platform/auth/api-token-format.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access-test-support.ts';
import { createAdminTestHelpers } from '../admin-test-support.ts';
import { grantMessages } from '../roles-and-groups/grant-rules.ts';

// Personal API tokens (/iamserver/api/v1/users-token, docs/decisions/018-api-tokens.md).

describe.each(behaviourDatabaseKinds)('iamserver API tokens on %s', (kind) => {
  let testApp: TIamTestApp;
  const { inject, insertRole } = createAdminTestHelpers(() => testApp);
  let admin: TRegistered;

  const createToken = async (jwt: string, body: object = {}) => {
    const response = await inject({
      method: 'POST',
      url: '/users-token',
      token: jwt,
      payload: { name: 'CI export', expiresInDays: 30, permissions: ['users:read'], ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: TCreatedApiToken }).data;
  };
  const listTokens = async (jwt: string) => {
    const response = await inject({ url: '/users-token', token: jwt });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: TApiToken[] }).data;
  };
  const tokenRow = async (tokenId: string) => {
    const [row] = await testApp.database.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.companyId, admin.companyId), eq(apiTokens.id, tokenId)));
    return row;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('tokens');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('shows a new token once, stores only its hash, and lists it without the secret', async () => {
    const created = await createToken(admin.jwt, {
      name: 'Nightly sync',
      permissions: ['users:read', 'roles:read'],
    });
    expect(created.token).toMatch(/^cdk_pat_[0-9a-f]{64}_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Nightly sync',
      permissions: ['users:read', 'roles:read'],
      lastUsedAt: null,
      revokedAt: null,
    });
    const lifetimeDays = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(lifetimeDays).toBe(30);

    const row = await tokenRow(created._id);
    const secret = created.token.split('_').slice(3).join('_');
    expect(row?.secretHash).toBe(hashApiTokenSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await listTokens(admin.jwt);
    const entry = listed.find((token) => token._id === created._id);
    expect(entry).toEqual({ ...created, token: undefined });
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify(listed)).not.toContain(row?.secretHash ?? '-');
  });

  it('acts as its user with its permissions, and is audited as that user through the token', async () => {
    const created = await createToken(admin.jwt, {
      name: 'Group bot',
      permissions: ['users:read', 'users:write'],
    });
    const users = await inject({ url: '/users', token: created.token });
    expect(users.statusCode, users.body).toBe(200);
    const bearer = await inject({ url: '/users', token: `Bearer ${created.token}` });
    expect(bearer.statusCode).toBe(200);
    // Not given: refused, though the user (an admin) holds it.
    const roles = await inject({ url: '/roles', token: created.token });
    expect(roles.statusCode).toBe(403);
    expect(roles.json()).toMatchObject({ error: { message: 'This needs the roles:read permission' } });

    const group = await inject({
      method: 'POST',
      url: '/groups',
      token: created.token,
      payload: { name: 'Bots' },
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = (group.json() as { data: { _id: string } }).data._id;
    const [entry] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, admin.companyId), eq(auditEvents.entityId, groupId)));
    expect(entry).toMatchObject({
      actorUserId: admin.userId,
      actorEmail: admin.email,
      actorApiTokenId: created._id,
      actorApiTokenName: 'Group bot',
    });
    const audit = await testApp.app.inject({
      url: `/logserver/api/v1/audit-history?entityType=group&entityId=${groupId}`,
      headers: { authorization: admin.jwt },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const [event] = (audit.json() as { data: TAuditEvent[] }).data;
    expect(event?.actor).toMatchObject({
      userId: admin.userId,
      email: admin.email,
      apiToken: { id: created._id, name: 'Group bot' },
    });

    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: created.token },
    });
    expect(me.statusCode, me.body).toBe(200);
  });

  it('records the last use at most once a minute', async () => {
    const created = await createToken(admin.jwt);
    expect((await inject({ url: '/users', token: created.token })).statusCode).toBe(200);
    const firstUse = (await tokenRow(created._id))?.lastUsedAt;
    expect(firstUse).toBeInstanceOf(Date);
    // Drop the cached caller so the next request reads the token again: still no second write.
    await testApp.database.db
      .update(apiTokens)
      .set({ permissions: ['users:read'] })
      .where(eq(apiTokens.id, created._id));
    expect((await inject({ url: '/users', token: created.token })).statusCode).toBe(200);
    expect((await tokenRow(created._id))?.lastUsedAt).toEqual(firstUse);
    const listed = (await listTokens(admin.jwt)).find((token) => token._id === created._id);
    expect(listed?.lastUsedAt).toBe(firstUse?.toISOString());
  });

  // The once-a-minute last-use write must not drop every cached caller of the company (migration 0042).
  it('announces a revocation to every instance, and not the last-use write', async () => {
    const created = await createToken(admin.jwt);
    const heard: string[] = [];
    const stop = testApp.app.changes.subscribe((change) => {
      if (change.kind === 'access' && change.companyId === admin.companyId) heard.push('access');
    });
    try {
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      await settle();
      heard.length = 0;
      expect((await inject({ url: '/users', token: created.token })).statusCode).toBe(200);
      expect((await tokenRow(created._id))?.lastUsedAt).toBeInstanceOf(Date);
      await settle();
      expect(heard).toEqual([]);
      await inject({ method: 'DELETE', url: `/users-token/${created._id}`, token: admin.jwt });
      await settle();
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });

  it('revokes a token at once, answers 401 after, and audits the revocation', async () => {
    const created = await createToken(admin.jwt);
    expect((await inject({ url: '/users', token: created.token })).statusCode).toBe(200);
    const revoked = await inject({ method: 'DELETE', url: `/users-token/${created._id}`, token: admin.jwt });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as { data: TApiToken }).data.revokedAt).not.toBeNull();
    const after = await inject({ url: '/users', token: created.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      error: { code: 'UNAUTHENTICATED', message: apiTokenMessages.revoked },
    });
    // Again: the same answer, no second entry.
    const again = await inject({ method: 'DELETE', url: `/users-token/${created._id}`, token: admin.jwt });
    expect(again.statusCode).toBe(200);
    const entries = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, admin.companyId), eq(auditEvents.entityId, created._id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'revoke']);
    expect(JSON.stringify(entries)).not.toContain(created.token.slice(-43));
  });

  it("answers 404 for another user's token and for an unknown id", async () => {
    const roleId = await insertRole(admin.companyId, ['users:read']);
    const { addSignedInUser } = createAdminTestHelpers(() => testApp);
    const colleague = await addSignedInUser({ companyId: admin.companyId, roleIds: [roleId] });
    const theirs = await createToken(colleague.jwt);
    const mine = await inject({ method: 'DELETE', url: `/users-token/${theirs._id}`, token: admin.jwt });
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toMatchObject({ error: { message: apiTokenMessages.notFound } });
    expect((await listTokens(admin.jwt)).some((token) => token._id === theirs._id)).toBe(false);
    const unknown = await inject({ method: 'DELETE', url: `/users-token/${createId()}`, token: admin.jwt });
    expect(unknown.statusCode).toBe(404);
    expect((await inject({ url: '/users', token: theirs.token })).statusCode).toBe(200);
  });

  it('answers 401 for an expired token', async () => {
    const created = await createToken(admin.jwt);
    expect((await inject({ url: '/users', token: created.token })).statusCode).toBe(200);
    await testApp.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created._id));
    const response = await inject({ url: '/users', token: created.token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { message: apiTokenMessages.expired } });
  });

  it('refuses bad input with field details', async () => {
    const cases: object[] = [
      { name: 'No expiry', permissions: ['users:read'] },
      { name: 'Too long', expiresInDays: 366, permissions: ['users:read'] },
      { name: 'Zero', expiresInDays: 0, permissions: ['users:read'] },
      { name: 'Nothing', expiresInDays: 5, permissions: [] },
      { name: 'Unknown', expiresInDays: 5, permissions: ['everything:write'] },
      { name: '  ', expiresInDays: 5, permissions: ['users:read'] },
    ];
    for (const payload of cases) {
      const response = await inject({ method: 'POST', url: '/users-token', token: admin.jwt, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it(`holds a user to ${apiTokenMaxActivePerUser} active tokens`, async () => {
    const roleId = await insertRole(admin.companyId, ['users:read']);
    const { addSignedInUser } = createAdminTestHelpers(() => testApp);
    const busy = await addSignedInUser({ companyId: admin.companyId, roleIds: [roleId], label: 'busy' });
    const expiresAt = new Date(Date.now() + 86_400_000);
    await testApp.database.db.insert(apiTokens).values(
      Array.from({ length: apiTokenMaxActivePerUser }, (_, index) => ({
        companyId: admin.companyId,
        id: createId(),
        userId: busy.userId,
        name: `Old ${index}`,
        secretHash: hashApiTokenSecret(`secret-${index}`),
        permissions: ['users:read'],
        expiresAt,
      })),
    );
    const response = await inject({
      method: 'POST',
      url: '/users-token',
      token: busy.jwt,
      payload: { name: 'One more', expiresInDays: 1, permissions: ['users:read'] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { message: apiTokenMessages.tooMany(apiTokenMaxActivePerUser) },
    });
  });

  it('creates at most 20 tokens a user an hour, then answers 429 with Retry-After', async () => {
    const roleId = await insertRole(admin.companyId, ['users:read']);
    const { addSignedInUser } = createAdminTestHelpers(() => testApp);
    const eager = await addSignedInUser({ companyId: admin.companyId, roleIds: [roleId], label: 'eager' });
    for (let index = 0; index < 20; index += 1) {
      const created = await createToken(eager.jwt, { name: `Try ${index}` });
      await inject({ method: 'DELETE', url: `/users-token/${created._id}`, token: eager.jwt });
    }
    const response = await inject({
      method: 'POST',
      url: '/users-token',
      token: eager.jwt,
      payload: { name: 'Too many', expiresInDays: 1, permissions: ['users:read'] },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
  });

  it("lets a users:write holder see and revoke a colleague's token, and an admin's only with every permission", async () => {
    const { addSignedInUser } = createAdminTestHelpers(() => testApp);
    const readerRole = await insertRole(admin.companyId, ['users:read']);
    const managerRole = await insertRole(admin.companyId, ['users:read', 'users:write']);
    const colleague = await addSignedInUser({
      companyId: admin.companyId,
      roleIds: [readerRole],
      label: 'leaver',
    });
    const manager = await addSignedInUser({
      companyId: admin.companyId,
      roleIds: [managerRole],
      label: 'manager',
    });
    const leaked = await createToken(colleague.jwt, { name: 'Leaked' });
    expect((await inject({ url: '/users', token: leaked.token })).statusCode).toBe(200);

    const listed = await inject({ url: `/users/${colleague.userId}/api-tokens`, token: manager.jwt });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: TApiToken[] }).data.map((token) => token.name)).toEqual(['Leaked']);
    expect(listed.body).not.toContain(leaked.token.slice(-43));
    // The wrong user's path, or no such user: not found.
    const wrongUser = await inject({
      method: 'DELETE',
      url: `/users/${manager.userId}/api-tokens/${leaked._id}`,
      token: manager.jwt,
    });
    expect(wrongUser.statusCode).toBe(404);
    expect((await inject({ url: `/users/${createId()}/api-tokens`, token: manager.jwt })).statusCode).toBe(
      404,
    );

    const revoked = await inject({
      method: 'DELETE',
      url: `/users/${colleague.userId}/api-tokens/${leaked._id}`,
      token: manager.jwt,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await inject({ url: '/users', token: leaked.token })).statusCode).toBe(401);
    const [entry] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, leaked._id), eq(auditEvents.action, 'revoke')));
    expect(entry).toMatchObject({ actorUserId: manager.userId, actorApiTokenId: null });

    const adminsToken = await createToken(admin.jwt, { name: 'Admin sync' });
    const refused = await inject({
      method: 'DELETE',
      url: `/users/${admin.userId}/api-tokens/${adminsToken._id}`,
      token: manager.jwt,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: grantMessages.adminOnly } });
    expect((await inject({ url: '/users', token: adminsToken.token })).statusCode).toBe(200);
    // A token with users:write manages no tokens, not even a colleague's.
    const managerToken = await createToken(manager.jwt, { permissions: ['users:read', 'users:write'] });
    const byToken = await inject({ url: `/users/${colleague.userId}/api-tokens`, token: managerToken.token });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toMatchObject({ error: { message: apiTokenMessages.notForApiTokens } });
  });

  it("shows a user's tokens only to them and to holders of every permission each token carries", async () => {
    const { addSignedInUser } = createAdminTestHelpers(() => testApp);
    const managerRole = await insertRole(admin.companyId, ['users:read', 'users:write']);
    const contactsRole = await insertRole(admin.companyId, ['contacts:read', 'contacts:write']);
    const manager = await addSignedInUser({
      companyId: admin.companyId,
      roleIds: [managerRole],
      label: 'token-viewer',
    });
    const dispatcher = await addSignedInUser({
      companyId: admin.companyId,
      roleIds: [managerRole, contactsRole],
      label: 'token-dispatcher',
    });
    const adminsReader = await createToken(admin.jwt, { name: 'Admin reads users' });
    const adminsRoles = await createToken(admin.jwt, {
      name: 'Admin writes roles',
      permissions: ['users:read', 'roles:write', 'audit:read'],
    });
    const dispatchersContacts = await createToken(dispatcher.jwt, {
      name: 'Dispatcher contacts',
      permissions: ['contacts:write'],
    });
    const dispatchersUsers = await createToken(dispatcher.jwt, { name: 'Dispatcher users' });
    const namesSeenBy = async (jwt: string, userId: string) => {
      const response = await inject({ url: `/users/${userId}/api-tokens`, token: jwt });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: TApiToken[] }).data.map((token) => token.name);
    };

    // A users:write holder sees only tokens within their own permissions: not the admin's role
    // writer, nor a colleague's contacts token, by name, permission or date.
    const adminsSeenByManager = await namesSeenBy(manager.jwt, admin.userId);
    expect(adminsSeenByManager).toContain(adminsReader.name);
    expect(adminsSeenByManager).not.toContain(adminsRoles.name);
    expect(await namesSeenBy(manager.jwt, dispatcher.userId)).toEqual([dispatchersUsers.name]);
    const listed = await inject({ url: `/users/${admin.userId}/api-tokens`, token: manager.jwt });
    expect(listed.body).not.toContain(adminsRoles._id);
    expect(listed.body).not.toContain('roles:write');
    // What they may not see they may not revoke either: not found, and the token still works.
    const revoke = await inject({
      method: 'DELETE',
      url: `/users/${dispatcher.userId}/api-tokens/${dispatchersContacts._id}`,
      token: manager.jwt,
    });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: apiTokenMessages.notFound } });
    expect((await tokenRow(dispatchersContacts._id))?.revokedAt).toBeNull();

    // The owner sees all their own; an admin, holding every permission, sees everyone's.
    expect(await namesSeenBy(dispatcher.jwt, dispatcher.userId)).toEqual([
      dispatchersUsers.name,
      dispatchersContacts.name,
    ]);
    expect(await namesSeenBy(admin.jwt, dispatcher.userId)).toEqual([
      dispatchersUsers.name,
      dispatchersContacts.name,
    ]);
    expect(await namesSeenBy(admin.jwt, admin.userId)).toEqual(
      expect.arrayContaining([adminsReader.name, adminsRoles.name]),
    );
  });
});
