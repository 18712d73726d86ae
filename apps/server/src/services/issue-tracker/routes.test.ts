import type {
  TIssue,
  TIssueSummary,
  TNotification,
  TPlatformIssue,
  TPlatformIssueSummary,
} from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { uploadTinyPng } from '../../../test/multipart.ts';
import { answeredData, auditReader, routeCaller } from '../../../test/route-helpers.ts';
import { mails } from '../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';

describe.each(behaviourDatabaseKinds)('issue tracker on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/iamserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const notificationsOf = async (user: TRegistered) =>
    (
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/notifyserver/api/v1/notifications?limit=50',
          headers: { authorization: user.jwt },
        })
      ).json() as { data: TNotification[] }
    ).data;
  const mailsTo = (email: string) =>
    testApp.database.db
      .select({ subject: mails.subject, text: mails.text })
      .from(mails)
      .where(and(sql`${email} = any(${mails.to})`, eq(mails.purpose, 'system')));

  let admin: TRegistered;
  let member: TRegistered;
  let viewer: TRegistered;
  let outsider: TRegistered;
  let operator: TRegistered;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('issues-admin');
    member = await testApp.addUser(admin, { label: 'issues-member', role: { systemKey: 'member' } });
    viewer = await testApp.addUser(admin, { label: 'issues-viewer', role: { systemKey: 'viewer' } });
    outsider = await testApp.register('issues-outsider');
    operator = await testApp.register('issues-operator', 'Cargodesk Operations');
    await testApp.grantPlatformAdmin(operator.email);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const report = (user: TRegistered, body: object = {}) =>
    dataOf<TIssue>(
      call('POST', '/issue/tracker', user.jwt, {
        title: 'The rates screen is blank',
        description: 'After saving a rate the table empties.',
        severity: 'high',
        pageUrl: 'http://localhost/settings/currencies',
        userAgent: 'Mozilla/5.0 Test',
        ...body,
      }),
      201,
    );

  it('lets a member report a problem with their screenshot, and tells the admins', async () => {
    const fileId = await uploadTinyPng(testApp.app, member.jwt, 'screen.png');
    const issue = await report(member, { fileId });
    expect(issue).toMatchObject({
      title: 'The rates screen is blank',
      status: 'open',
      severity: 'high',
      pageUrl: 'http://localhost/settings/currencies',
      userAgent: 'Mozilla/5.0 Test',
      attachment: { _id: fileId, name: 'screen.png', contentType: 'image/png' },
      reporter: { _id: member.userId },
      assignee: null,
      comments: [],
      canManage: false,
      canDelete: true,
    });
    expect((await notificationsOf(admin)).find((n) => n.link === `/issues/${issue._id}`)).toMatchObject({
      kind: 'issue-reported',
    });
    expect(await auditOf(admin.companyId, { entityId: issue._id })).toMatchObject([
      { action: 'create', entityType: 'issue', actorUserId: member.userId },
    ]);
  });

  it('refuses a file the reporter did not upload, and bad input', async () => {
    const adminsFile = await uploadTinyPng(testApp.app, admin.jwt, 'admin.png');
    const refused = await call('POST', '/issue/tracker', member.jwt, { title: 'Mine', fileId: adminsFile });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields[0].field).toBe('fileId');
    const noTitle = await call('POST', '/issue/tracker', member.jwt, { title: ' ' });
    expect(noTitle.statusCode).toBe(400);
    const badSeverity = await call('POST', '/issue/tracker', member.jwt, { title: 'x', severity: 'urgent' });
    expect(badSeverity.statusCode).toBe(400);
    const longTitle = await call('POST', '/issue/tracker', member.jwt, { title: 'x'.repeat(201) });
    expect(longTitle.statusCode).toBe(400);
  });

  it('shows a user only their own issues, and a manager all of the company’s', async () => {
    const mine = await report(viewer, { title: 'Viewer problem' });
    const members = await report(member, { title: 'Member problem' });
    const viewerList = await call('GET', '/issue/tracker?pageSize=100', viewer.jwt);
    const viewerIds = (viewerList.json() as { data: TIssueSummary[] }).data.map((issue) => issue._id);
    expect(viewerIds).toContain(mine._id);
    expect(viewerIds).not.toContain(members._id);
    expect((await call('GET', `/issue/tracker/${members._id}`, viewer.jwt)).statusCode).toBe(404);
    expect(
      (await call('POST', `/issue/tracker/${members._id}/comments`, viewer.jwt, { body: 'me too' }))
        .statusCode,
    ).toBe(404);

    const adminList = await call('GET', '/issue/tracker?pageSize=100&severity=high', admin.jwt);
    const listed = adminList.json() as { data: TIssueSummary[]; meta: { total: number } };
    expect(listed.data.map((issue) => issue._id)).toEqual(expect.arrayContaining([mine._id, members._id]));
    const searched = await call('GET', '/issue/tracker?q=viewer%20prob', admin.jwt);
    expect((searched.json() as { data: TIssueSummary[] }).data.map((issue) => issue._id)).toEqual([mine._id]);
    const own = await call('GET', '/issue/tracker?mine=true', admin.jwt);
    expect((own.json() as { data: TIssueSummary[] }).data).toEqual([]);
  });

  it('answers 404 to another company, even to its admin and to its reporter', async () => {
    const issue = await report(member, { title: 'Private problem' });
    for (const [method, url, body] of [
      ['GET', `/issue/tracker/${issue._id}`, undefined],
      ['PATCH', `/issue/tracker/${issue._id}`, { status: 'in_progress' }],
      ['POST', `/issue/tracker/${issue._id}/comments`, { body: 'hello' }],
      ['DELETE', `/issue/tracker/${issue._id}`, undefined],
    ] as const) {
      const response = await call(method, url, outsider.jwt, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/issue/tracker?pageSize=100', outsider.jwt);
    expect((list.json() as { data: TIssueSummary[] }).data).toEqual([]);
  });

  it('lets a manager move an issue through its statuses, assign it and comment; followers hear of it', async () => {
    const issue = await report(member, { title: 'Status walk' });
    // A member may not change an issue.
    const refused = await call('PATCH', `/issue/tracker/${issue._id}`, member.jwt, { status: 'closed' });
    expect(refused.statusCode).toBe(403);
    const skipped = await call('PATCH', `/issue/tracker/${issue._id}`, admin.jwt, { status: 'closed' });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error.message).toBe('An issue that is open cannot become closed');

    const started = await dataOf<TIssue>(
      call('PATCH', `/issue/tracker/${issue._id}`, admin.jwt, {
        status: 'in_progress',
        assigneeId: viewer.userId,
      }),
    );
    expect(started).toMatchObject({ status: 'in_progress', assignee: { _id: viewer.userId } });
    // The assignee now sees it.
    expect((await call('GET', `/issue/tracker/${issue._id}`, viewer.jwt)).statusCode).toBe(200);
    const unknownAssignee = await call('PATCH', `/issue/tracker/${issue._id}`, admin.jwt, {
      assigneeId: outsider.userId,
    });
    expect(unknownAssignee.statusCode).toBe(400);

    const commented = await dataOf<TIssue>(
      call('POST', `/issue/tracker/${issue._id}/comments`, admin.jwt, { body: 'Looking into it' }),
      201,
    );
    expect(commented.comments).toMatchObject([{ body: 'Looking into it', authorKind: 'user' }]);
    // The reporter comments too.
    await dataOf<TIssue>(
      call('POST', `/issue/tracker/${issue._id}/comments`, member.jwt, { body: 'Thanks' }),
      201,
    );

    await dataOf<TIssue>(call('PATCH', `/issue/tracker/${issue._id}`, admin.jwt, { status: 'resolved' }));
    await dataOf<TIssue>(call('PATCH', `/issue/tracker/${issue._id}`, admin.jwt, { status: 'open' }));

    const heard = (await notificationsOf(member)).filter((n) => n.link === `/issues/${issue._id}`);
    expect(heard.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        '"Status walk" is now in progress',
        expect.stringMatching(/commented on "Status walk"/),
        '"Status walk" is now resolved',
        '"Status walk" is now open',
      ]),
    );
    // Nobody hears of their own comment.
    const adminHeard = (await notificationsOf(admin)).filter((n) => n.link === `/issues/${issue._id}`);
    expect(adminHeard.map((n) => n.body)).toContain('Thanks');
    expect(adminHeard.map((n) => n.body)).not.toContain('Looking into it');

    const audit = await auditOf(admin.companyId, { entityId: issue._id });
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(audit[1]?.after).toMatchObject({ status: 'in_progress', assigneeId: viewer.userId });
  });

  it('mails a follower who is signed in nowhere', async () => {
    const reporter = await testApp.addUser(admin, { label: 'issues-away', role: { systemKey: 'member' } });
    const issue = await report(reporter, { title: 'Mail me the answer' });
    expect((await call('POST', '/auth/logout', reporter.jwt)).statusCode).toBe(200);
    await dataOf<TIssue>(
      call('POST', `/issue/tracker/${issue._id}/comments`, admin.jwt, { body: 'Fixed now' }),
      201,
    );
    const mailed = await mailsTo(reporter.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]?.subject).toMatch(/commented on "Mail me the answer"/);
    expect(mailed[0]?.text).toContain(`/issues/${issue._id}`);
    // The admin is signed in: told in the app only.
    expect((await mailsTo(admin.email)).filter((mail) => mail.subject.includes('Mail me'))).toEqual([]);
  });

  it('lets the reporter delete their issue while it is open, and a manager at any time', async () => {
    const open = await report(member, { title: 'Delete me' });
    const started = await report(member, { title: 'Too late to delete' });
    await dataOf(call('PATCH', `/issue/tracker/${started._id}`, admin.jwt, { status: 'in_progress' }));
    expect((await call('DELETE', `/issue/tracker/${started._id}`, member.jwt)).statusCode).toBe(403);
    await dataOf(call('DELETE', `/issue/tracker/${open._id}`, member.jwt));
    expect((await call('GET', `/issue/tracker/${open._id}`, member.jwt)).statusCode).toBe(404);
    await dataOf(call('DELETE', `/issue/tracker/${started._id}`, admin.jwt));
    const audit = await auditOf(admin.companyId, { entityId: started._id });
    expect(audit.at(-1)).toMatchObject({ action: 'delete', actorUserId: admin.userId });
  });

  it('lets a platform admin list every company’s issues and answer one as Cargodesk support', async () => {
    const issue = await report(member, { title: 'Support please' });
    const others = await report(outsider, { title: 'Outsider problem' });
    for (const caller of [admin, member]) {
      const refused = await call('GET', '/app-admin/issues', caller.jwt);
      expect(refused.statusCode).toBe(403);
      expect(
        (await call('PATCH', `/app-admin/issues/${issue._id}`, caller.jwt, { status: 'resolved' }))
          .statusCode,
      ).toBe(403);
    }
    const page = await call('GET', '/app-admin/issues?pageSize=100', operator.jwt);
    expect(page.statusCode, page.body).toBe(200);
    const rows = (page.json() as { data: TPlatformIssueSummary[] }).data;
    expect(rows.find((row) => row._id === issue._id)).toMatchObject({
      companyId: admin.companyId,
      companyName: 'issues-admin Freight',
      reporter: { _id: member.userId },
    });
    expect(rows.find((row) => row._id === others._id)).toMatchObject({ companyId: outsider.companyId });

    const detail = await dataOf<TPlatformIssue>(call('GET', `/app-admin/issues/${issue._id}`, operator.jwt));
    expect(detail).toMatchObject({ title: 'Support please', companyName: 'issues-admin Freight' });

    const answered = await dataOf<TPlatformIssue>(
      call('PATCH', `/app-admin/issues/${issue._id}`, operator.jwt, {
        status: 'resolved',
        comment: 'Fixed in today’s release',
      }),
    );
    expect(answered.status).toBe('resolved');
    expect(answered.comments).toMatchObject([
      { body: 'Fixed in today’s release', authorKind: 'support', authorName: 'Cargodesk support' },
    ]);
    const wrong = await call('PATCH', `/app-admin/issues/${issue._id}`, operator.jwt, {
      status: 'in_progress',
    });
    expect(wrong.statusCode).toBe(409);

    const heard = (await notificationsOf(member)).filter((n) => n.link === `/issues/${issue._id}`);
    expect(heard.map((n) => n.title)).toContain('"Support please" is now resolved');
    // Recorded in the company's own trail, marked as support.
    const audit = await auditOf(admin.companyId, { entityId: issue._id });
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      actorUserId: null,
      actorEmail: `Cargodesk support (${operator.email})`,
    });
    // And in the platform's own trail, once, in the same transaction as the answer.
    const trail = await call(
      'GET',
      `/app-admin/audit?companyId=${admin.companyId}&action=issue-answer`,
      operator.jwt,
    );
    expect((trail.json() as { data: { actorEmail: string; details: unknown }[] }).data).toMatchObject([
      {
        actorEmail: operator.email,
        details: { issueId: issue._id, title: 'Support please', status: { from: 'open', to: 'resolved' } },
      },
    ]);
    // The company sees support's answer.
    const seen = await dataOf<TIssue>(call('GET', `/issue/tracker/${issue._id}`, member.jwt));
    expect(seen.comments.at(-1)).toMatchObject({ authorName: 'Cargodesk support' });

    const missing = await call('GET', '/app-admin/issues/01970000-0000-7000-8000-00000000abcd', operator.jwt);
    expect(missing.statusCode).toBe(404);
  });

  it('tells the web which user is a platform admin', async () => {
    const [me] = await dataOf<{ isSuperAdmin?: boolean }[]>(
      call('GET', '/auth/fetch-users-by-token', operator.jwt),
    );
    expect(me?.isSuperAdmin).toBe(true);
    const [them] = await dataOf<{ isSuperAdmin?: boolean }[]>(
      call('GET', '/auth/fetch-users-by-token', admin.jwt),
    );
    expect(them?.isSuperAdmin).toBe(false);
  });
});
