import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { notifications } from '../../db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../../services/access/access-test-support.ts';
import { withTenant } from '../data-access/tenant-transaction.ts';

// Domain events run their subscribers inside the emitting transaction: what a subscriber writes
// commits with the change that caused it, or not at all.

describe.each(testDatabaseKinds)('domain events on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let member: TRegistered;

  const notificationsOf = (userId: string) =>
    testApp.database.db
      .select({ kind: notifications.kind, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.companyId, admin.companyId), eq(notifications.userId, userId)));
  const rolesChanged = (roleNames: string[]) => ({
    type: 'user-roles-changed' as const,
    companyId: admin.companyId,
    changedBy: { userId: admin.userId, name: 'Ada Events' },
    userId: member.userId,
    roleNames,
  });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    admin = await testApp.register('events-admin');
    member = await testApp.addUser(admin, { label: 'events-member', role: { systemKey: 'member' } });
  });
  afterAll(async () => testApp?.close());

  it('writes what the subscribers write when the change commits', async () => {
    await withTenant(testApp.database.db, admin.companyId, (tx) =>
      testApp.app.domainEvents.emit(tx, rolesChanged(['Viewer'])),
    );
    expect(await notificationsOf(member.userId)).toContainEqual({
      kind: 'role-changed',
      body: 'Ada Events gave you the roles: Viewer.',
    });
  });

  it('leaves nothing behind when the change rolls back', async () => {
    await expect(
      withTenant(testApp.database.db, admin.companyId, async (tx) => {
        await testApp.app.domainEvents.emit(tx, rolesChanged(['Rolled back']));
        throw new Error('the change failed after the event');
      }),
    ).rejects.toThrow('the change failed');
    const bodies = (await notificationsOf(member.userId)).map((row) => row.body);
    expect(bodies.some((body) => body.includes('Rolled back'))).toBe(false);
  });
});
