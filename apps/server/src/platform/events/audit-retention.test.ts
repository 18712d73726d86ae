import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { loadConfig } from '../../config.ts';
import { executeRows } from '../../db/driver.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../../services/access/access-test-support.ts';
import { withTenant } from '../data-access/tenant-transaction.ts';
import { pruneAuditEvents } from './audit-retention.ts';

describe.each(testDatabaseKinds)('audit retention on %s', (kind) => {
  let testApp: TIamTestApp;
  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** Events `daysAgo` old, written as a request would write them (the request role may insert). */
  const addEvents = (
    admin: TRegistered,
    { count, daysAgo, label }: { count: number; daysAgo: number; label: string },
  ) =>
    withTenant(testApp.database.db, admin.companyId, (tx) =>
      tx.execute(sql`
        insert into audit_events (company_id, id, occurred_at, entity_type, entity_id, action)
        select ${admin.companyId}, gen_random_uuid(), now() - ${daysAgo}::int * interval '1 day' - n * interval '1 second',
          'user', ${label}, 'update'
        from generate_series(1, ${count}::int) as n`),
    );
  const countEvents = async (admin: TRegistered, label: string) => {
    const rows = await executeRows<{ value: number }>(
      testApp.database.db,
      sql`select count(*)::int as value from audit_events where company_id = ${admin.companyId} and entity_id = ${label}`,
    );
    return rows[0]?.value;
  };

  it('keeps 400 days of events by default', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it("deletes every company's events past the retention in batches, and keeps the younger ones", async () => {
    const first = await testApp.register('retention-first');
    const second = await testApp.register('retention-second');
    await addEvents(first, { count: 7, daysAgo: 401, label: 'old' });
    await addEvents(first, { count: 3, daysAgo: 399, label: 'young' });
    await addEvents(second, { count: 2, daysAgo: 500, label: 'old' });

    // A batch of 3 takes several statements for the first company's 7 old events.
    const deleted = await pruneAuditEvents({ database: testApp.database, retentionDays: 400, batchSize: 3 });
    expect(deleted).toBeGreaterThanOrEqual(9);
    expect(await countEvents(first, 'old')).toBe(0);
    expect(await countEvents(second, 'old')).toBe(0);
    expect(await countEvents(first, 'young')).toBe(3);
    // Today's sign-ins stay, and a second run finds nothing more to delete.
    expect(await pruneAuditEvents({ database: testApp.database, retentionDays: 400 })).toBe(0);

    // The reports' daily counts forget them too: only the young events are counted.
    const counted = await executeRows<{ value: number }>(
      testApp.database.db,
      sql`select coalesce(sum(events), 0)::int as value from audit_event_daily_counts
          where company_id = ${first.companyId} and entity_type = 'user' and action = 'update'`,
    );
    expect(counted[0]?.value).toBe(3);
    // The audit list's kept totals hear of the deletion (the trail's delete trigger).
    const list = await testApp.app.inject({
      url: '/logserver/api/v1/audit?entityId=young',
      headers: { authorization: first.jwt },
    });
    expect(list.json()).toMatchObject({ meta: { total: 3 } });
  });

  it('leaves the prune to the owner: a request can still never delete audit rows', async () => {
    const admin = await testApp.register('retention-request');
    await addEvents(admin, { count: 1, daysAgo: 800, label: 'old' });
    await expect(
      withTenant(testApp.database.db, admin.companyId, (tx) =>
        tx.execute(sql`delete from audit_events where entity_id = 'old'`),
      ),
    ).rejects.toThrow();
    expect(await countEvents(admin, 'old')).toBe(1);
  });

  it.runIf(kind === 'postgres')('prunes on one instance at a time', async () => {
    const admin = await testApp.register('retention-lock');
    await addEvents(admin, { count: 2, daysAgo: 450, label: 'old' });
    const runs = await Promise.all([
      pruneAuditEvents({ database: testApp.database, retentionDays: 400 }),
      pruneAuditEvents({ database: testApp.database, retentionDays: 400 }),
    ]);
    // One ran; the other found the lock taken and did nothing (or ran after it, finding nothing).
    expect(runs.filter((deleted) => deleted && deleted > 0)).toHaveLength(1);
    expect(await countEvents(admin, 'old')).toBe(0);
  });
});
