import { listCountCap, type TAuditEvent, type TAuditHistoryEvent, type TListMeta } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import { signInWithEmailAndPassword, updatePassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { createAuthClient } from '../../../test/identity-client.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, testPassword } from '../iamserver/iam-test-support.ts';

type TAuditPage = { data: TAuditEvent[]; meta: TListMeta };

describe.each(testDatabaseKinds)('logserver audit trail on %s', (kind) => {
  let testApp: TIamTestApp;
  const get = (url: string, token?: string) =>
    testApp.app.inject({
      url: `/logserver/api/v1${url}`,
      headers: token === undefined ? {} : { authorization: token },
    });
  const auditOf = async (token: string, query = '') => {
    const response = await get(`/audit${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TAuditPage;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('records sign-in and sign-out with who and from where', async () => {
    const admin = await testApp.register('audit-sign-in');
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/auth/logout',
      headers: { authorization: admin.jwt, 'user-agent': 'audit-test-agent' },
    });
    expect(logout.statusCode).toBe(200);
    const { jwt } = await testApp.addUser(admin, { label: 'auditor', role: { systemKey: 'admin' } });
    const { data } = await auditOf(jwt, `?actorUserId=${admin.userId}`);
    expect(data.map((event) => event.action)).toEqual(['sign-out', 'sign-in']);
    const [signOut] = data;
    expect(signOut).toMatchObject({
      entityType: 'session',
      actor: { userId: admin.userId, email: admin.email },
      userAgent: 'audit-test-agent',
      ip: '127.0.0.1',
    });
  });

  it("records a wrong password in the account's company", async () => {
    const admin = await testApp.register('audit-wrong-password');
    const apiKey = testApp.app.identity.projects.find(({ name }) => name === 'test')?.apiKey ?? '';
    const client = createAuthClient({ origin: testApp.origin, apiKey });
    await expect(signInWithEmailAndPassword(client.auth, admin.email, 'not the password')).rejects.toThrow(
      /invalid-credential/,
    );
    await client.close();
    await expect
      .poll(async () => (await auditOf(admin.jwt, '?action=sign-in-failed')).data)
      .toMatchObject([{ entityType: 'user', entityId: admin.userId, actor: { userId: admin.userId } }]);
  });

  it("records a password change made through the identity SDK in the user's company", async () => {
    const admin = await testApp.register('audit-password');
    const apiKey = testApp.app.identity.projects.find(({ name }) => name === 'test')?.apiKey ?? '';
    const client = createAuthClient({ origin: testApp.origin, apiKey });
    const { user } = await signInWithEmailAndPassword(client.auth, admin.email, testPassword);
    await updatePassword(user, 'a newer harbour 42');
    // The change ended every app session (attack-session-end.test.ts): read the trail in a new one.
    const login = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: await user.getIdToken() },
    });
    const jwt = (login.json() as { data: { jwt: string } }).data.jwt;
    await client.close();
    await expect
      .poll(async () => (await auditOf(jwt, '?action=password-change')).data)
      .toMatchObject([{ entityType: 'user', entityId: admin.userId, actor: { email: admin.email } }]);
  });

  it('pages the trail newest first and filters one entity for the History drawer', async () => {
    const admin = await testApp.register('audit-pages');
    for (let index = 0; index < 3; index += 1) {
      await testApp.addUser(admin, { label: `pager-${index}`, role: { systemKey: 'viewer' } });
    }
    const firstPage = await auditOf(admin.jwt, '?action=sign-in&pageSize=2');
    expect(firstPage.meta).toEqual({ total: 4, page: 1, pageSize: 2 });
    const secondPage = await auditOf(admin.jwt, '?action=sign-in&pageSize=2&page=2');
    const times = [...firstPage.data, ...secondPage.data].map((event) => event.occurredAt);
    expect(times).toEqual([...times].sort().reverse());

    const history = await get(`/audit-history?entityType=user&entityId=${admin.userId}`, admin.jwt);
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as TAuditPage).data.every((event) => event.entityId === admin.userId)).toBe(true);
  });

  it("names who acted in an entity's history, and no one for the system", async () => {
    const admin = await testApp.register('audit-names');
    const viewer = await testApp.addUser(admin, { label: 'named-viewer', role: { systemKey: 'viewer' } });
    const rename = await testApp.app.inject({
      method: 'PATCH',
      url: `/iamserver/api/v1/users/${viewer.userId}`,
      headers: { authorization: admin.jwt },
      payload: { firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const history = await get(`/audit-history?entityType=user&entityId=${viewer.userId}`, admin.jwt);
    const [latest] = (history.json() as { data: TAuditHistoryEvent[] }).data;
    expect(latest).toMatchObject({
      action: 'update',
      actor: { userId: admin.userId, email: admin.email, name: 'Ada audit-names' },
    });
  });

  it("never shows another company's events", async () => {
    const first = await testApp.register('audit-first');
    const second = await testApp.register('audit-second');
    const { data, meta } = await auditOf(second.jwt);
    expect(meta.total).toBe(data.length);
    expect(data.some((event) => event.actor.userId === first.userId)).toBe(false);
    const history = await get(`/audit-history?entityType=user&entityId=${first.userId}`, second.jwt);
    expect((history.json() as TAuditPage).data).toEqual([]);
  });

  it('answers 401 without a token and 403 without audit:read', async () => {
    const admin = await testApp.register('audit-guard');
    expect((await get('/audit')).statusCode).toBe(401);
    expect((await get('/audit-history?entityType=user&entityId=x')).statusCode).toBe(401);
    const noAudit = await testApp.addUser(admin, {
      label: 'no-audit',
      role: { permissions: ['users:read'] },
    });
    const refused = await get('/audit', noAudit.jwt);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'This needs the audit:read permission' },
    });
  });

  it("keeps the audit trail from a new company's Viewer and Member: it is the admins'", async () => {
    const admin = await testApp.register('audit-default-roles');
    for (const systemKey of ['viewer', 'member'] as const) {
      const { jwt } = await testApp.addUser(admin, { label: `audit-${systemKey}`, role: { systemKey } });
      for (const url of ['/audit', `/audit-history?entityType=user&entityId=${admin.userId}`]) {
        const refused = await get(url, jwt);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
    }
  });

  it('answers 400 with field details for a bad query', async () => {
    const admin = await testApp.register('audit-bad-query');
    for (const query of [
      '/audit?entityType=spaceship',
      '/audit?pageSize=1000',
      '/audit?from=yesterday',
      '/audit?colour=red',
      '/audit-history?entityType=user',
    ]) {
      const response = await get(query, admin.jwt);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: expect.anything() },
      });
    }
  });

  it('keeps the trail append-only for requests', async () => {
    const admin = await testApp.register('audit-append-only');
    const attempt = (statement: ReturnType<typeof sql>) =>
      withTenant(testApp.database.db, admin.companyId, (tx) => tx.execute(statement));
    await expect(attempt(sql`update audit_events set action = 'forged'`)).rejects.toThrow();
    await expect(attempt(sql`delete from audit_events`)).rejects.toThrow();
    expect((await auditOf(admin.jwt)).meta.total).toBeGreaterThan(0);
  });

  it('counts a trail exactly up to 10,000 events and says "more" beyond, with the same page', async () => {
    const admin = await testApp.register('audit-long');
    // Older than anything on the first pages, so those pages stay the same.
    const addEvents = (count: number, daysAgo: number) =>
      withTenant(testApp.database.db, admin.companyId, (tx) =>
        tx.execute(sql`
          insert into audit_events (company_id, id, occurred_at, entity_type, entity_id, action)
          select ${admin.companyId}, gen_random_uuid(), now() - ${daysAgo}::int * interval '1 day' - n * interval '1 second',
            'user', 'long-trail', 'update'
          from generate_series(1, ${count}::int) as n`),
      );
    const { meta: start } = await auditOf(admin.jwt);
    await addEvents(listCountCap - start.total, 1);
    const atTheCap = await auditOf(admin.jwt, '?page=2&pageSize=25');
    expect(atTheCap.meta).toEqual({ total: listCountCap, page: 2, pageSize: 25 });
    await addEvents(1, 30);
    const beyond = await auditOf(admin.jwt, '?page=2&pageSize=25');
    expect(beyond.meta).toEqual({ total: listCountCap, totalIsCapped: true, page: 2, pageSize: 25 });
    expect(beyond.data.map((event) => event._id)).toEqual(atTheCap.data.map((event) => event._id));
  });
});
