import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { Database } from '../../db/client.ts';
import { createTestLogger, waitFor } from '../../mail/mail-test-support.ts';
import { createEventsBus, type TBusEvent } from './events-bus.ts';

const companyId = '01970000-0000-7000-8000-000000000001';

describe.each(testDatabaseKinds)('events bus on %s', (kind) => {
  let database: Database;
  let events: ReturnType<typeof createEventsBus>;
  const received: TBusEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    events = createEventsBus(database, createTestLogger().logger);
    await events.start();
    events.bus.subscribe(companyId, (event) => received.push(event));
  });
  afterAll(async () => {
    await events?.stop();
    await database?.close();
  });

  it('delivers an event when its transaction commits, and never one rolled back', async () => {
    received.length = 0;
    const event: TBusEvent = { type: 'notifications', companyId, userId: null };
    await database.db
      .transaction(async (tx) => {
        await events.bus.publish(tx, { ...event, userId: '01970000-0000-7000-8000-00000000dead' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await events.bus.publish(tx, event);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    });
    await waitFor('the event', () => received.length > 0);
    expect(received).toEqual([event]);
    // Another company's subscribers hear nothing of it.
    expect(events.bus.size()).toBe(1);
  });

  it.skipIf(kind !== 'postgres')(
    'listens again after its connection is cut, and wakes everyone',
    async () => {
      received.length = 0;
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%' and datname = current_database()`,
      );
      // The reconnect wakes every subscribed company, then events flow as before.
      await waitFor('the wake-up after reconnecting', () => received.length > 0, { timeoutMs: 10_000 });
      received.length = 0;
      await events.bus.publish(database.db, { type: 'notifications', companyId, userId: null });
      await waitFor('an event after the reconnect', () => received.length > 0);
    },
  );
});
