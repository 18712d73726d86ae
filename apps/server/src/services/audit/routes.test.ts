import {
  dateMessages,
  listCountCap,
  type TAuditEvent,
  type TAuditHistoryEvent,
  type TListMeta,
} from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import { signInWithEmailAndPassword, updatePassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { createAuthClient } from '../../../test/identity-client.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, testPassword } from '../access/access-test-support.ts';

type TAuditPage = { data: TAuditEvent[]; meta: TListMeta };

describe.each(behaviourDatabaseKinds)('logserver audit trail on %s', (kind) => {
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

  it('filters by actor address, IP, search words and time, newest first', async () => {
    const admin = await testApp.register('audit-filters');
    const viewer = await testApp.addUser(admin, { label: 'filtered-viewer', role: { systemKey: 'viewer' } });
    const ofViewer = await auditOf(
      admin.jwt,
      `?actorEmail=${encodeURIComponent(viewer.email.toUpperCase())}`,
    );
    expect(ofViewer.data.length).toBeGreaterThan(0);
    expect(ofViewer.data.every((event) => event.actor.email === viewer.email)).toBe(true);

    expect((await auditOf(admin.jwt, '?ip=127.0.0.1')).meta.total).toBeGreaterThan(0);
    expect((await auditOf(admin.jwt, '?ip=10.9.9.9')).meta.total).toBe(0);

    // The search finds words in the actor's address, the entity's id and the IP address.
    const byAddress = await auditOf(admin.jwt, `?q=${encodeURIComponent(viewer.email.slice(0, 18))}`);
    expect(byAddress.data.length).toBeGreaterThan(0);
    expect(byAddress.data.every((event) => event.actor.email === viewer.email)).toBe(true);
    const [signIn] = (await auditOf(admin.jwt, `?action=sign-in&actorUserId=${viewer.userId}`)).data;
    const byEntity = await auditOf(admin.jwt, `?q=${signIn?.entityId.slice(-12)}`);
    expect(byEntity.data.map((event) => event.entityId)).toContain(signIn?.entityId);
    // LIKE's wildcards are searched for as such.
    expect((await auditOf(admin.jwt, '?q=%25')).meta.total).toBe(0);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await auditOf(admin.jwt, `?from=${encodeURIComponent(future)}`)).meta.total).toBe(0);
    const all = await auditOf(admin.jwt, `?to=${encodeURIComponent(future)}`);
    expect(all.data.map((event) => event.occurredAt)).toEqual(
      all.data
        .map((event) => event.occurredAt)
        .sort()
        .reverse(),
    );
  });

  it('exports the events of a filter as CSV, and records the export with its filter', async () => {
    const admin = await testApp.register('audit-export');
    const colleague = await testApp.addUser(admin, { label: 'exported', role: { systemKey: 'viewer' } });
    // An address a spreadsheet would run as a formula is written as text.
    await withTenant(testApp.database.db, admin.companyId, (tx) =>
      tx.execute(sql`
        insert into audit_events (company_id, id, occurred_at, actor_user_id, actor_email, entity_type, entity_id, action, ip)
        values (${admin.companyId}, gen_random_uuid(), now(), ${colleague.userId}, '=HYPERLINK("x")', 'user',
          ${colleague.userId}, 'sign-in-failed', '192.0.2.7')`),
    );
    const response = await get(
      `/audit/export?action=sign-in-failed&actorUserId=${colleague.userId}`,
      admin.jwt,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Actor,Actor email,Actor user id,Action,Entity type,Entity id,IP address,Device,Before,After',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")",${colleague.userId},sign-in-failed,user,`);
    expect(lines[1]).toContain('192.0.2.7');

    const [recorded] = (await auditOf(admin.jwt, '?action=export&entityType=audit-trail')).data;
    expect(recorded).toMatchObject({
      actor: { userId: admin.userId, email: admin.email },
      after: { filter: { action: 'sign-in-failed', actorUserId: colleague.userId } },
    });
  });

  it('exports past one batch without skipping or repeating an event', async () => {
    const admin = await testApp.register('audit-export-long');
    // 2,500 events in the same few instants: the cursor must tell them apart to the microsecond.
    await withTenant(testApp.database.db, admin.companyId, (tx) =>
      tx.execute(sql`
        insert into audit_events (company_id, id, occurred_at, entity_type, entity_id, action)
        select ${admin.companyId}, gen_random_uuid(), now() - (n % 3) * interval '1 microsecond', 'user', 'bulk-' || n, 'update'
        from generate_series(1, 2500) as n`),
    );
    const response = await get('/audit/export?entityType=user&action=update', admin.jwt);
    expect(response.statusCode).toBe(200);
    const entityIds = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[6]);
    expect(entityIds).toHaveLength(2500);
    expect(new Set(entityIds).size).toBe(2500);
  });

  it("shows a platform administrator's reads and changes of the company by address, with no user id", async () => {
    const admin = await testApp.register('audit-platform-customer');
    const operator = await testApp.register('audit-platform-operator');
    await testApp.grantPlatformAdmin(operator.email);
    // The flag is read at sign-in: a new session carries it.
    const login = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: operator.idToken },
    });
    const operatorJwt = (login.json() as { data: { jwt: string } }).data.jwt;
    const read = await testApp.app.inject({
      url: `/iamserver/api/v1/companies/${admin.companyId}/users`,
      headers: { authorization: operatorJwt },
    });
    expect(read.statusCode, read.body).toBe(200);
    const { data } = await auditOf(admin.jwt, '?entityType=company&action=view');
    expect(data).toMatchObject([
      {
        actor: { userId: null, email: `${operator.email} (platform administrator)` },
        entityId: admin.companyId,
        after: { viewed: 'users' },
      },
    ]);
  });

  it('answers 401 without a token and 403 without audit:read', async () => {
    const admin = await testApp.register('audit-guard');
    expect((await get('/audit')).statusCode).toBe(401);
    expect((await get('/audit-history?entityType=user&entityId=x')).statusCode).toBe(401);
    const noAudit = await testApp.addUser(admin, {
      label: 'no-audit',
      role: { permissions: ['users:read'] },
    });
    expect((await get('/audit/export')).statusCode).toBe(401);
    expect((await get('/audit/export', noAudit.jwt)).statusCode).toBe(403);
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
      '/audit/export?from=yesterday',
      '/audit/export?page=2',
    ]) {
      const response = await get(query, admin.jwt);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: expect.anything() },
      });
    }
  });

  it('refuses an impossible from or to with 400 naming the field, on the list and the export', async () => {
    const admin = await testApp.register('audit-impossible-dates');
    for (const [field, value] of [
      ['from', '0000-01-01T00:00:00Z'],
      ['to', '0000-12-31T23:59:59.999Z'],
      ['from', '2026-02-30T00:00:00Z'],
      ['to', '9999-12-31T23:00:00-05:00'],
      ['from', '2026-01-01T24:00:00Z'],
    ] as const) {
      for (const path of ['/audit', '/audit/export']) {
        const response = await get(`${path}?${field}=${encodeURIComponent(value)}`, admin.jwt);
        expect(response.statusCode, `${path} ${field}=${value}`).toBe(400);
        expect(response.json()).toMatchObject({
          error: {
            code: 'VALIDATION_FAILED',
            details: { fields: [{ field, message: dateMessages.dateTime() }] },
          },
        });
      }
    }
    // The screen sends its days as instants of the reader's own day, with milliseconds.
    const page = await auditOf(
      admin.jwt,
      `?from=${encodeURIComponent('1900-01-01T00:00:00.000+01:00')}&to=2999-12-31T22:59:59.999Z`,
    );
    expect(page.meta.total).toBeGreaterThan(0);
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
