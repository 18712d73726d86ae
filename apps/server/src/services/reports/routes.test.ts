import {
  messages,
  reportMessages,
  type TReportResult,
  type TReportSketch,
  type TReportSketchSummary,
  type TReportSourceInfo,
} from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { answeredData, auditReader, routeCaller } from '../../../test/route-helpers.ts';
import {
  auditEvents,
  companies,
  mails,
  reportSchedules,
  reportSketches,
  users,
} from '../../db/schema/index.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';
import { createProductGate } from '../access/public.ts';
import { createScheduleRunner, nextRunAfter } from './schedule.ts';

describe.each(behaviourDatabaseKinds)('reportserver on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let member: TRegistered;
  let viewer: TRegistered;
  const call = routeCaller(() => testApp.app, '/reportserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = async (response: ReturnType<typeof call>, status: number) => {
    const answered = await response;
    expect(answered.statusCode, answered.body).toBe(status);
    return (answered.json() as { error: { code: string; message: string; details?: { fields: unknown[] } } })
      .error;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('reports-admin');
    member = await testApp.addUser(admin, { label: 'reports-member', role: { systemKey: 'member' } });
    viewer = await testApp.addUser(admin, {
      label: 'reports-viewer',
      role: { permissions: ['reports:read'] },
    });
    // Composer mails of the admin: two sent, one failed.
    const { db } = testApp.database;
    for (const status of ['sent', 'sent', 'failed'] as const)
      await db.insert(mails).values({
        id: createId(),
        companyId: admin.companyId,
        createdBy: admin.userId,
        purpose: 'composer',
        fromAddress: 'desk@example.com',
        to: ['a@client.example', 'b@client.example'],
        subject: status === 'failed' ? '=HYPERLINK("http://evil.example")' : 'Rates',
        text: 'Hello',
        status,
      });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('offers only the sources the caller may read', async () => {
    const adminSources = await dataOf<TReportSourceInfo[]>(call('GET', '/reportSketch/sources', admin.jwt));
    expect(adminSources.map((source) => source.key)).toEqual([
      'users',
      'audit',
      'mails',
      'files',
      'notifications',
      'contacts',
      'templates',
      'shipments',
    ]);
    const viewerSources = await dataOf<TReportSourceInfo[]>(call('GET', '/reportSketch/sources', viewer.jwt));
    expect(viewerSources.map((source) => source.key)).toEqual(['notifications']);
  });

  it('runs a grouped count of mails by status, sorted, as the caller', async () => {
    const result = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        groupBy: ['status'],
        aggregates: [{ function: 'count' }, { function: 'sum', column: 'recipients' }],
        sort: { column: 'count', direction: 'desc' },
        chart: 'bar',
      }),
    );
    expect(result.columns.map((column) => column.key)).toEqual(['status', 'count', 'sum_recipients']);
    expect(result.rows).toEqual([
      ['sent', 2, 4],
      ['failed', 1, 2],
    ]);
    // The member wrote no mail: the same report shows them nothing of the admin's.
    const theirs = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', member.jwt, { source: 'mails', groupBy: ['status'] }),
    );
    expect(theirs.rows).toEqual([]);
  });

  it('filters with the whitelist’s operators and keeps values as parameters', async () => {
    const result = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        columns: ['subject', 'status'],
        filters: [
          { column: 'status', operator: 'eq', value: 'sent' },
          { column: 'subject', operator: 'contains', value: "Rat'; drop table mails; --" },
        ],
      }),
    );
    expect(result.rows).toEqual([]);
    const found = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        columns: ['subject'],
        filters: [{ column: 'createdAt', operator: 'gte', value: '2000-01-01' }],
      }),
    );
    expect(found.rows).toHaveLength(3);
  });

  it('answers moments as ISO 8601 in UTC and grouped days as YYYY-MM-DD, for the screen and the CSV', async () => {
    const moments = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        columns: ['createdAt'],
        aggregates: [],
      }),
    );
    expect(moments.rows.length).toBeGreaterThan(0);
    for (const [createdAt] of moments.rows)
      expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const latest = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        groupBy: ['createdAt'],
        aggregates: [{ function: 'max', column: 'createdAt' }],
      }),
    );
    const [day, max] = latest.rows[0] ?? [];
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(max).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(String(max).startsWith(String(day))).toBe(true);
  });

  it('refuses an unknown source, column, operator or aggregate with 400 and the field', async () => {
    const unknownSource = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, { source: 'pg_user' }),
      400,
    );
    expect(unknownSource.details?.fields).toEqual([
      { field: 'definition.source', message: 'is not a source you may report on' },
    ]);
    const bad = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        columns: ['subject', 'password'],
        filters: [{ column: 'status', operator: 'contains', value: 'x' }],
        groupBy: [],
        aggregates: [],
        sort: { column: 'subject; drop table mails' },
      }),
      400,
    );
    expect(bad.details?.fields).toEqual([
      { field: 'definition.columns.1', message: 'is not a column of this source' },
      { field: 'definition.filters.0.operator', message: 'is not an operator for this column' },
      { field: 'definition.sort.column', message: 'must be a column or an aggregate of the result' },
    ]);
    const aggregate = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        groupBy: ['status'],
        aggregates: [{ function: 'sum', column: 'subject' }],
      }),
      400,
    );
    expect(aggregate.details?.fields).toEqual([
      { field: 'definition.aggregates.0.function', message: 'is not an aggregate for this column' },
    ]);
    const unknownFunction = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        aggregates: [{ function: 'median', column: 'attempts' }],
      }),
      400,
    );
    expect(unknownFunction.code).toBe('VALIDATION_FAILED');
    const badValue = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'mails',
        filters: [{ column: 'createdAt', operator: 'gt', value: 'yesterday' }],
      }),
      400,
    );
    expect(badValue.details?.fields).toEqual([
      { field: 'definition.filters.0.value', message: expect.any(String) },
    ]);
  });

  it('refuses an impossible date filter with 400 on run and on save, and a stored one on run too', async () => {
    const impossible = [
      '2026-02-30',
      '2026-13-45',
      '0000-01-01',
      '2026-02-30T10:00:00Z',
      '0000-01-01T00:00:00Z',
    ];
    const fieldError = [{ field: 'definition.filters.0.value', message: reportMessages.badDate }];
    for (const value of impossible) {
      const definition = {
        source: 'mails',
        filters: [{ column: 'createdAt', operator: 'gte', value }],
      };
      const run = await errorOf(call('POST', '/reportSketch/run', admin.jwt, definition), 400);
      expect(run, value).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: fieldError } });
      const saved = await errorOf(
        call('POST', '/reportSketch', admin.jwt, { name: `Bad ${value}`, definition }),
        400,
      );
      expect(saved, value).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: fieldError } });
    }
    // The audit trail's whole days are answered from its daily counts: a year 0 day must not reach them.
    const summary = await errorOf(
      call('POST', '/reportSketch/run', admin.jwt, {
        source: 'audit',
        groupBy: ['action'],
        filters: [{ column: 'occurredAt', operator: 'gte', value: '0000-01-01' }],
      }),
      400,
    );
    expect(summary.details?.fields).toEqual(fieldError);

    // A shared sketch stored before dates were read strictly: a colleague opening it gets the
    // field's 400, not a 500, and so does its export.
    const id = createId();
    await testApp.database.db.insert(reportSketches).values({
      companyId: admin.companyId,
      id,
      name: 'Stored before the fix',
      ownerId: admin.userId,
      isShared: true,
      source: 'mails',
      chart: 'table',
      definition: {
        source: 'mails',
        columns: [],
        filters: [{ column: 'createdAt', operator: 'gte', value: '2026-02-30' }],
        groupBy: [],
        aggregates: [],
        sort: null,
        chart: 'table',
      },
    });
    const stored = await errorOf(call('GET', `/reportSketch/${id}/run`, admin.jwt), 400);
    expect(stored).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: fieldError } });
    await errorOf(call('GET', `/reportSketch/${id}/export`, admin.jwt), 400);
    // Real days at the range's edges still run.
    for (const value of ['2024-02-29', '1900-01-01', '9999-12-31', '2026-03-01T08:30:00+01:00'])
      await dataOf<TReportResult>(
        call('POST', '/reportSketch/run', admin.jwt, {
          source: 'mails',
          filters: [{ column: 'createdAt', operator: 'lt', value }],
        }),
      );
  });

  it('refuses a report over a source the caller lacks, saved or not', async () => {
    const refused = await errorOf(
      call('POST', '/reportSketch/run', member.jwt, { source: 'audit', groupBy: ['action'] }),
      403,
    );
    expect(refused.message).toBe('This report’s source needs the audit:read permission');
    await errorOf(
      call('POST', '/reportSketch', viewer.jwt, { name: 'Trail', definition: { source: 'audit' } }),
      403,
    );
    // Shared by the admin, it opens for the member, and running it is refused.
    const shared = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Actions this month',
        definition: { source: 'audit', groupBy: ['action'] },
        isShared: true,
      }),
      201,
    );
    await dataOf<TReportSketch>(call('GET', `/reportSketch/${shared._id}`, member.jwt));
    await errorOf(call('GET', `/reportSketch/${shared._id}/run`, member.jwt), 403);
    await errorOf(call('GET', `/reportSketch/${shared._id}/export`, member.jwt), 403);
  });

  it('saves, shares, lists, duplicates and deletes, audited; only the owner changes a sketch', async () => {
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Mails by status',
        definition: {
          source: 'mails',
          groupBy: ['status'],
          aggregates: [{ function: 'count' }],
          chart: 'bar',
        },
      }),
      201,
    );
    expect(saved).toMatchObject({
      name: 'Mails by status',
      source: 'mails',
      chart: 'bar',
      isShared: false,
      isMine: true,
    });
    // Private: not there for a colleague.
    await errorOf(call('GET', `/reportSketch/${saved._id}`, member.jwt), 404);
    const shared = await dataOf<TReportSketch>(
      call('PATCH', `/reportSketch/${saved._id}`, admin.jwt, { isShared: true }),
    );
    expect(shared.isShared).toBe(true);
    const listed = (await (await call('GET', '/reportSketch?q=status&sort=name', member.jwt)).json()) as {
      data: TReportSketchSummary[];
    };
    expect(listed.data.map((row) => row.name)).toContain('Mails by status');
    expect(listed.data.find((row) => row.name === 'Mails by status')).toMatchObject({ isMine: false });
    await errorOf(call('PATCH', `/reportSketch/${saved._id}`, member.jwt, { name: 'Mine now' }), 403);
    await errorOf(call('DELETE', `/reportSketch/${saved._id}`, member.jwt), 403);
    const copy = await dataOf<TReportSketch>(
      call('POST', `/reportSketch/${saved._id}/duplicate`, member.jwt),
      201,
    );
    expect(copy).toMatchObject({ name: 'Mails by status (copy)', isMine: true, isShared: false });
    await dataOf(call('DELETE', `/reportSketch/${copy._id}`, member.jwt));
    await errorOf(call('GET', `/reportSketch/${copy._id}`, member.jwt), 404);
    const trail = await auditOf(admin.companyId, { entityId: saved._id });
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update']);
    // Saving a definition with an unknown column is refused before anything is written.
    await errorOf(
      call('PATCH', `/reportSketch/${saved._id}`, admin.jwt, {
        definition: { source: 'mails', columns: ['nope'] },
      }),
      400,
    );
  });

  it('exports CSV with formulas neutralised', async () => {
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Subjects',
        definition: {
          source: 'mails',
          columns: ['subject', 'status', 'createdAt'],
          sort: { column: 'status' },
        },
      }),
      201,
    );
    const exported = await call('GET', `/reportSketch/${saved._id}/export`, admin.jwt);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    // Machine-readable for a spreadsheet: stored values and ISO moments, not the screen's words.
    const iso = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
    const lines = exported.body.split('\r\n');
    expect(lines[0]).toBe('Subject,Status,Written');
    expect(lines[1]).toMatch(new RegExp(`^"'=HYPERLINK\\(""http://evil\\.example""\\)",failed,${iso}$`));
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(new RegExp(`^Rates,sent,${iso}$`)),
      expect.stringMatching(new RegExp(`^Rates,sent,${iso}$`)),
      '',
    ]);
  });

  it("exports more rows than a batch holds, in order, and gives the company's place back however an export ends", async () => {
    // 4,500 events: four whole batches of 1,000 (result-batches.ts) and a part of one.
    await testApp.database.db.execute(sql`
      insert into audit_events (company_id, id, occurred_at, actor_email, entity_type, entity_id, action)
      select ${admin.companyId}, gen_random_uuid(), now(), 'bulk@example.com', 'bulk',
        'b' || lpad(n::text, 5, '0'), 'update'
      from generate_series(1, 4500) as n`);
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Bulk events',
        isShared: true,
        definition: {
          source: 'audit',
          columns: ['entityId'],
          filters: [{ column: 'entityType', operator: 'eq', value: 'bulk' }],
          sort: { column: 'entityId', direction: 'desc' },
        },
      }),
      201,
    );
    const exported = await call('GET', `/reportSketch/${saved._id}/export`, admin.jwt);
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    const lines = exported.body.split('\r\n');
    expect(lines).toHaveLength(4_502);
    expect(lines.slice(0, 3)).toEqual(['Entity id', 'b04500', 'b04499']);
    expect(lines.slice(-3)).toEqual(['b00002', 'b00001', '']);
    expect(await auditOf(admin.companyId, { entityId: saved._id })).toContainEqual(
      expect.objectContaining({ action: 'export', after: { name: 'Bulk events', maxRows: 100_000 } }),
    );

    // A company has two places for report queries: exports refused before their first row, and
    // one that is sent whole, each give theirs back, or the runs below would wait for ever.
    for (let attempt = 0; attempt < 3; attempt += 1)
      await errorOf(call('GET', `/reportSketch/${createId()}/export`, admin.jwt), 404);
    await errorOf(call('GET', `/reportSketch/${saved._id}/export`, viewer.jwt), 403);
    for (let attempt = 0; attempt < 3; attempt += 1)
      await dataOf<TReportResult>(call('GET', `/reportSketch/${saved._id}/run`, admin.jwt));
  });

  it('pins up to four reports to the dashboard', async () => {
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      ids.push(
        (
          await dataOf<TReportSketch>(
            call('POST', '/reportSketch', member.jwt, { name, definition: { source: 'notifications' } }),
            201,
          )
        )._id,
      );
    for (const id of ids.slice(0, 4)) await dataOf(call('PUT', `/reportSketch/${id}/pin`, member.jwt));
    await errorOf(call('PUT', `/reportSketch/${ids[4]}/pin`, member.jwt), 409);
    const pinned = await dataOf<TReportSketchSummary[]>(call('GET', '/reportSketch/pinned', member.jwt));
    expect(pinned.map((row) => row.name)).toEqual(['One', 'Two', 'Three', 'Four']);
    await dataOf(call('DELETE', `/reportSketch/${ids[0]}/pin`, member.jwt));
    await dataOf(call('PUT', `/reportSketch/${ids[4]}/pin`, member.jwt));
    const after = await dataOf<TReportSketchSummary[]>(call('GET', '/reportSketch/pinned', member.jwt));
    expect(after.map((row) => row.name)).toEqual(['Two', 'Three', 'Four', 'Five']);
  });

  it('answers a grouped count of audit events from the daily summary, equal to the events', async () => {
    const definition = { source: 'audit', groupBy: ['action'], sort: { column: 'action' } };
    const fromSummary = await dataOf<TReportResult>(call('POST', '/reportSketch/run', admin.jwt, definition));
    // A filter the summary cannot answer (an actor) reads the events themselves.
    const fromEvents = await dataOf<TReportResult>(
      call('POST', '/reportSketch/run', admin.jwt, {
        ...definition,
        filters: [
          { column: 'actorEmail', operator: 'isNotEmpty' },
          { column: 'entityType', operator: 'neq', value: 'none' },
        ],
      }),
    );
    const { db } = testApp.database;
    const events = await db.select().from(auditEvents).where(eq(auditEvents.companyId, admin.companyId));
    const byAction = new Map<string, number>();
    for (const event of events) byAction.set(event.action, (byAction.get(event.action) ?? 0) + 1);
    expect(Object.fromEntries(fromSummary.rows.map(([action, count]) => [action, count]))).toEqual(
      Object.fromEntries(byAction),
    );
    const withActor = events.filter((event) => event.actorEmail);
    expect(fromEvents.rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(withActor.length);
  });

  it('mails a scheduled report once when two instances race, and moves the schedule on', async () => {
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Weekly mails',
        definition: { source: 'mails', groupBy: ['status'] },
      }),
      201,
    );
    await errorOf(
      call('PUT', `/reportSketch/${saved._id}/schedule`, admin.jwt, {
        frequency: 'weekly',
        recipientIds: [createId()],
      }),
      400,
    );
    // The audit trail is mailed only to colleagues who may read it.
    const trail = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', admin.jwt, {
        name: 'Trail',
        definition: { source: 'audit', groupBy: ['action'] },
      }),
      201,
    );
    const refused = await errorOf(
      call('PUT', `/reportSketch/${trail._id}/schedule`, admin.jwt, {
        frequency: 'monthly',
        recipientIds: [member.userId],
      }),
      400,
    );
    expect(refused.details?.fields).toEqual([
      {
        field: 'recipientIds',
        message: 'must be colleagues who hold audit:read, as the report’s source needs',
      },
    ]);
    const scheduled = await dataOf<TReportSketch>(
      call('PUT', `/reportSketch/${saved._id}/schedule`, admin.jwt, {
        frequency: 'weekly',
        recipientIds: [member.userId],
      }),
    );
    expect(scheduled.schedule).toMatchObject({
      frequency: 'weekly',
      recipientIds: [member.userId],
      lastRunAt: null,
    });
    const { db } = testApp.database;
    const { app } = testApp;
    const runnerOf = () =>
      createScheduleRunner({
        db,
        products: createProductGate({ db, changes: app.changes }),
        mailer: app.mailer,
        drive: { db, store: app.fileStore, fileMaxBytes: app.config.fileMaxBytes, log: app.log },
        log: app.log,
      });
    const due = new Date(Date.parse(scheduled.schedule?.nextRunAt ?? '') + 1000);
    const [first, second] = await Promise.all([runnerOf().runDue(due), runnerOf().runDue(due)]);
    expect(first + second).toBe(1);
    const sent = await db
      .select()
      .from(mails)
      .where(and(eq(mails.companyId, admin.companyId), eq(mails.subject, 'Report: Weekly mails')));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([member.email]);
    expect(sent[0]?.attachments).toEqual([
      expect.objectContaining({ filename: 'Weekly mails.csv', contentType: 'text/csv' }),
    ]);
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.sketchId, saved._id));
    expect(row?.lastRunAt?.toISOString()).toBe(due.toISOString());
    expect(row?.nextRunAt.toISOString()).toBe(nextRunAfter('weekly', due).toISOString());
    expect(row?.lockedUntil).toBeNull();
    // Not due again until next week.
    expect(await runnerOf().runDue(new Date(due.getTime() + 60_000))).toBe(0);
    await dataOf(call('DELETE', `/reportSketch/${saved._id}/schedule`, admin.jwt));
  });

  it('sends no scheduled report for a company whose plan has expired, records why, and moves on', async () => {
    const lapsed = await testApp.register('reports-lapsed');
    const colleague = await testApp.addUser(lapsed, {
      label: 'reports-lapsed-member',
      role: { systemKey: 'member' },
    });
    const invitee = await testApp.addUser(lapsed, {
      label: 'reports-lapsed-invitee',
      role: { systemKey: 'member' },
    });
    const saved = await dataOf<TReportSketch>(
      call('POST', '/reportSketch', lapsed.jwt, {
        name: 'Lapsed weekly',
        definition: { source: 'notifications' },
      }),
      201,
    );
    const scheduled = await dataOf<TReportSketch>(
      call('PUT', `/reportSketch/${saved._id}/schedule`, lapsed.jwt, {
        frequency: 'weekly',
        recipientIds: [colleague.userId, invitee.userId],
      }),
    );
    const { db } = testApp.database;
    const { app } = testApp;
    // A recipient who has not joined (invited: the address is only the company's word) gets no report.
    await db.update(users).set({ status: 'invited' }).where(eq(users.id, invitee.userId));
    const due = new Date(Date.parse(scheduled.schedule?.nextRunAt ?? '') + 1000);
    // The plan ran out before the delivery was due: the composer would refuse this company's mail.
    await db
      .update(companies)
      .set({ planExpiresAt: new Date(due.getTime() - 60_000) })
      .where(eq(companies.id, lapsed.companyId));
    const runner = createScheduleRunner({
      db,
      products: createProductGate({ db, changes: app.changes }),
      mailer: app.mailer,
      drive: { db, store: app.fileStore, fileMaxBytes: app.config.fileMaxBytes, log: app.log },
      log: app.log,
    });

    expect(await runner.runDue(due)).toBe(0);
    const sent = await db
      .select()
      .from(mails)
      .where(and(eq(mails.companyId, lapsed.companyId), eq(mails.subject, 'Report: Lapsed weekly')));
    expect(sent).toEqual([]);
    const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.sketchId, saved._id));
    expect(row?.nextRunAt.toISOString()).toBe(nextRunAfter('weekly', due).toISOString());
    expect(row?.lockedUntil).toBeNull();
    const [skipped] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, lapsed.companyId),
          eq(auditEvents.entityId, saved._id),
          eq(auditEvents.userAgent, 'report schedule'),
        ),
      );
    expect(skipped).toMatchObject({
      action: 'update',
      actorUserId: lapsed.userId,
      after: { schedule: { delivered: false, reason: messages.subscriptionExpired } },
    });
    // Renewed, the next delivery goes out again.
    await db
      .update(companies)
      .set({ planExpiresAt: new Date(Date.now() + 365 * 86_400_000) })
      .where(eq(companies.id, lapsed.companyId));
    expect(await runner.runDue(new Date(Date.parse(row?.nextRunAt.toISOString() ?? '') + 1000))).toBe(1);
    const [delivered] = await db
      .select({ to: mails.to })
      .from(mails)
      .where(and(eq(mails.companyId, lapsed.companyId), eq(mails.subject, 'Report: Lapsed weekly')));
    expect(delivered?.to).toEqual([colleague.email]);
  });

  it('computes the next delivery: Monday or the 1st at 06:00 UTC', () => {
    expect(nextRunAfter('weekly', new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    expect(nextRunAfter('weekly', new Date('2026-11-30T05:00:00Z')).toISOString()).toBe(
      '2026-11-30T06:00:00.000Z',
    );
    expect(nextRunAfter('monthly', new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
    expect(nextRunAfter('monthly', new Date('2026-12-01T06:00:00Z')).toISOString()).toBe(
      '2027-01-01T06:00:00.000Z',
    );
  });
});
