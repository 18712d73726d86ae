import type { TNotification } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { routeCaller } from '../../../test/route-helpers.ts';
import { auditEvents, companies, identityAccounts, notifications, users } from '../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';
import { openNotificationStream } from './notify-test-support.ts';
import { createNotifications } from './producer.ts';

const base = '/notifyserver/api/v1';

type TList = { data: TNotification[]; meta: { total: number } };

describe.each(behaviourDatabaseKinds)('notifyserver on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let member: TRegistered;
  let viewer: TRegistered;
  let otherAdmin: TRegistered;
  const streams: { close: () => Promise<void> }[] = [];

  const call = routeCaller(() => testApp.app, base);

  const announce = async (title: string, by = admin) => {
    const response = await call('POST', '/announcements', by.jwt, {
      title,
      body: 'Details',
      link: '/dashboard',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { _id: string; recipients: number } }>().data;
  };

  const list = async (token: string, query = '') => {
    const response = await call('GET', `/notifications${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TList>();
  };

  const stream = async (token: string, options: { lastEventId?: string } = {}) => {
    const opened = await openNotificationStream(testApp.origin, token, options);
    streams.push(opened);
    await opened.waitFor((events) => events.some((event) => event.event === 'ready'));
    return opened;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind, notify: { stream: { heartbeatMs: 200 } } });
    admin = await testApp.register('notify-admin');
    member = await testApp.addUser(admin, { label: 'notify-member', role: { systemKey: 'member' } });
    viewer = await testApp.addUser(admin, { label: 'notify-viewer', role: { systemKey: 'viewer' } });
    otherAdmin = await testApp.register('notify-other');
  });
  afterAll(async () => {
    await Promise.all(streams.map((opened) => opened.close()));
    await testApp?.close();
  });

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/stream')).statusCode).toBe(401);
    expect((await call('POST', '/notifications/mark-read', undefined, {})).statusCode).toBe(401);
  });

  it('announces to everyone else in the company, audited, and lists newest first', async () => {
    const first = await announce('Dock 4 closed');
    const second = await announce('Dock 4 open again');
    expect(first.recipients).toBe(2);
    const { data, meta } = await list(member.jwt, '?status=new&limit=10');
    expect(data.map((notification) => notification.title).slice(0, 2)).toEqual([
      'Dock 4 open again',
      'Dock 4 closed',
    ]);
    expect(data[0]).toMatchObject({
      kind: 'announcement',
      status: 'new',
      body: 'Details',
      link: '/dashboard',
    });
    expect(meta.total).toBeGreaterThanOrEqual(2);
    // The announcer does not notify themself; another company hears nothing.
    expect((await list(admin.jwt)).data.filter((n) => n.kind === 'announcement')).toEqual([]);
    expect((await list(otherAdmin.jwt)).data).toEqual([]);

    const [audit] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, admin.companyId), eq(auditEvents.entityId, second._id)));
    expect(audit).toMatchObject({ entityType: 'announcement', action: 'create', actorUserId: admin.userId });
    expect(audit?.after).toMatchObject({ title: 'Dock 4 open again', recipients: 2 });
  });

  it('refuses announcements without company:write and malformed ones', async () => {
    const denied = await call('POST', '/announcements', member.jwt, { title: 'Hi' });
    expect(denied.statusCode).toBe(403);
    for (const body of [
      { title: 'Hi', extra: 1 },
      { title: '' },
      { title: 'x'.repeat(121) },
      { title: 'Hi', link: 'https://evil.test/' },
      { title: 'Hi', link: '//evil.test/' },
      { title: 42 },
    ]) {
      const response = await call('POST', '/announcements', admin.jwt, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('limits the list to 10 by default and counts all new ones', async () => {
    for (let n = 0; n < 11; n += 1) await announce(`Bulk ${n}`);
    const { data, meta } = await list(viewer.jwt, '?status=new');
    expect(data).toHaveLength(10);
    expect(meta.total).toBeGreaterThanOrEqual(13);
    expect((await call('GET', '/notifications?limit=0', viewer.jwt)).statusCode).toBe(400);
    expect((await call('GET', '/notifications?status=read', viewer.jwt)).statusCode).toBe(400);
  });

  it('marks one loaded, only the owner may, and marks all read', async () => {
    const [newest] = (await list(member.jwt, '?status=new')).data;
    if (!newest) throw new Error('no notification');
    // Another user of the same company, and another company: 404 alike.
    expect(
      (await call('PATCH', `/notifications/${newest._id}`, viewer.jwt, { status: 'loaded' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/notifications/${newest._id}`, otherAdmin.jwt, { status: 'loaded' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/notifications/${newest._id}`, member.jwt, { status: 'new' })).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', '/notifications/not-an-id', member.jwt, { status: 'loaded' })).statusCode,
    ).toBe(400);

    const opened = await call('PATCH', `/notifications/${newest._id}`, member.jwt, { status: 'loaded' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<{ data: TNotification }>().data.status).toBe('loaded');
    expect((await list(member.jwt, '?status=new')).data.map((n) => n._id)).not.toContain(newest._id);

    const all = await call('POST', '/notifications/mark-read', member.jwt, {});
    expect(all.statusCode).toBe(200);
    expect(all.json<{ data: { ids: string[] } }>().data.ids.length).toBeGreaterThan(0);
    expect((await list(member.jwt, '?status=new')).meta.total).toBe(0);
    // The viewer's are untouched.
    expect((await list(viewer.jwt, '?status=new')).meta.total).toBeGreaterThan(0);
  });

  it('streams new notifications live, with heartbeats and status changes', async () => {
    const live = await stream(member.jwt);
    expect(live.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(live.notifications()).toEqual([]);
    const sentAt = Date.now();
    await announce('Live one');
    const [event] = (await live.waitFor((events) => events.some((e) => e.event === 'notification'))).filter(
      (e) => e.event === 'notification',
    );
    expect(Date.now() - sentAt).toBeLessThan(1000);
    const notification = event?.data as TNotification;
    expect(notification).toMatchObject({ title: 'Live one', status: 'new', kind: 'announcement' });
    expect(event?.id).toBe(notification._id);

    await call('PATCH', `/notifications/${notification._id}`, member.jwt, { status: 'loaded' });
    const changed = await live.waitFor((events) => events.some((e) => e.event === 'changed'));
    expect(changed.find((e) => e.event === 'changed')?.data).toEqual({
      ids: [notification._id],
      status: 'loaded',
    });
    await live.waitFor(() => live.comments.includes('heartbeat'), 2000);
    // Other companies' and other users' streams stay quiet.
    const other = await stream(otherAdmin.jwt);
    await announce('Only for my company');
    await live.waitFor((events) => events.filter((e) => e.event === 'notification').length === 2);
    expect(other.notifications()).toEqual([]);
  });

  it('sends once a notification that committed after a newer one', async () => {
    const live = await stream(admin.jwt);
    const newer = await createNotifications(testApp.database.db, testApp.app.events, {
      companyId: admin.companyId,
      userIds: [admin.userId],
      notification: { kind: 'announcement', title: 'Newer' },
    });
    await live.waitFor((events) => events.some((e) => (e.data as TNotification)._id === newer[0]));
    // Made two seconds ago by a slow transaction, visible only now.
    const lateId = uuidv7({ msecs: Date.now() - 2000 });
    await testApp.database.db.insert(notifications).values({
      companyId: admin.companyId,
      id: lateId,
      userId: admin.userId,
      kind: 'announcement',
      title: 'Late',
    });
    await testApp.app.events.publish(testApp.database.db, {
      type: 'notifications',
      companyId: admin.companyId,
      userId: admin.userId,
    });
    await live.waitFor((events) => events.some((e) => (e.data as TNotification)._id === lateId));
    await testApp.app.events.publish(testApp.database.db, {
      type: 'notifications',
      companyId: admin.companyId,
      userId: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.notifications().map((e) => (e.data as TNotification).title)).toEqual(['Newer', 'Late']);
    // The late one does not move the resume point back.
    expect(live.lastEventId()).toBe(newer[0]);
  });

  it('resumes after a drop from Last-Event-ID without losing or repeating one', async () => {
    const first = await stream(viewer.jwt);
    await announce('Before the drop');
    await first.waitFor((events) => events.some((e) => e.event === 'notification'));
    const lastEventId = first.lastEventId();
    await first.close();

    await announce('While away 1');
    await announce('While away 2');
    const resumed = await stream(viewer.jwt, { lastEventId });
    await resumed.waitFor((events) => events.filter((e) => e.event === 'notification').length >= 2);
    await announce('After the reconnect');
    await resumed.waitFor((events) => events.filter((e) => e.event === 'notification').length >= 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resumed.notifications().map((e) => (e.data as TNotification).title)).toEqual([
      'While away 1',
      'While away 2',
      'After the reconnect',
    ]);
    const malformed = await testApp.app.inject({
      url: `${base}/stream`,
      headers: { authorization: viewer.jwt, 'last-event-id': 'nope' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('notifies admins of invitations and first sign-ins, and users of their role changes', async () => {
    const secondAdmin = await testApp.addUser(admin, {
      label: 'notify-admin2',
      role: { systemKey: 'admin' },
    });
    const invited = await testApp.app.inject({
      method: 'POST',
      url: '/iamserver/api/v1/users/invite',
      headers: { authorization: admin.jwt },
      payload: { email: `invitee-${Date.now()}@example.com`, firstName: 'Ivy', lastName: 'Invitee' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invitedNote] = (await list(secondAdmin.jwt)).data;
    expect(invitedNote).toMatchObject({
      kind: 'user-invited',
      title: expect.stringContaining('invited Ivy Invitee'),
    });
    // The inviter is not told what they did.
    expect((await list(admin.jwt)).data.some((n) => n.kind === 'user-invited')).toBe(false);

    const roles = await testApp.app.inject({
      url: '/iamserver/api/v1/roles',
      headers: { authorization: admin.jwt },
    });
    const viewerRole = roles
      .json<{ data: { _id: string; systemKey: string | null }[] }>()
      .data.find((role) => role.systemKey === 'viewer');
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: `/iamserver/api/v1/users/${member.userId}/roles`,
      headers: { authorization: admin.jwt },
      payload: { roleIds: [viewerRole?._id] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [roleNote] = (await list(member.jwt, '?status=new')).data;
    expect(roleNote).toMatchObject({ kind: 'role-changed', title: 'Your roles changed' });
    expect(roleNote?.body).toContain('Viewer');

    // A user still marked invited who signs in for the first time has joined.
    const joiner = await testApp.addUser(admin, { label: 'notify-joiner', role: { systemKey: 'member' } });
    await testApp.database.db
      .update(users)
      .set({ status: 'invited' })
      .where(and(eq(users.companyId, admin.companyId), eq(users.id, joiner.userId)));
    // Accepting an invitation needs the address proved, as the invitation's link does.
    await testApp.database.db
      .update(identityAccounts)
      .set({ emailVerified: true })
      .where(eq(identityAccounts.email, joiner.email));
    const login = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/login',
      headers: { authorization: joiner.idToken },
    });
    expect(login.statusCode, login.body).toBe(200);
    const joinedNotes = (await list(admin.jwt)).data.filter((n) => n.kind === 'user-joined');
    expect(joinedNotes[0]).toMatchObject({ link: `/settings/users/${joiner.userId}` });
  });

  it('warns at sign-in, once a day, that the plan expires within 7 days', async () => {
    const soon = await testApp.register('notify-soon');
    await testApp.database.db
      .update(companies)
      .set({ planExpiresAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(companies.id, soon.companyId));
    const signIn = () =>
      testApp.app.inject({ url: '/iamserver/api/v1/auth/login', headers: { authorization: soon.idToken } });
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    const warnings = (await list(soon.jwt)).data.filter((n) => n.kind === 'plan-expiring');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ title: 'Your plan expires in 3 days', link: '/settings/company' });
    // A plan with a month left warns of nothing.
    expect((await list(admin.jwt)).data.some((n) => n.kind === 'plan-expiring')).toBe(false);
  });
});
