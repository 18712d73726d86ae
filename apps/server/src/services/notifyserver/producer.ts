import type { TNotificationKind } from '@cargodesk/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifications, roles, userRoles, users } from '../../db/schema/index.ts';
import type { TEventsBus } from '../../platform/events-bus.ts';
import { createId } from '../../platform/ids.ts';

export type TNewNotification = {
  kind: TNotificationKind;
  title: string;
  body?: string;
  link?: string | null;
};

/**
 * Writes one notification per recipient and announces it on the events bus, both in `db`: pass the
 * transaction that makes the change, so the notification exists (and streams) only if it commits.
 * Other services call this (DESIGN §2: they never touch notifyserver's tables themselves).
 */
export const createNotifications = async (
  db: Queryable,
  bus: TEventsBus,
  {
    companyId,
    userIds,
    notification,
  }: { companyId: string; userIds: string[]; notification: TNewNotification },
) => {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const rows = recipients.map((userId) => ({
    companyId,
    id: createId(),
    userId,
    kind: notification.kind,
    title: notification.title.slice(0, 200),
    body: (notification.body ?? '').slice(0, 2000),
    link: notification.link ?? null,
  }));
  // In slices, so a company-wide announcement stays within the statement's parameter limit.
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(notifications).values(rows.slice(start, start + 1000));
  }
  await bus.publish(db, {
    type: 'notifications',
    companyId,
    userId: recipients.length === 1 ? (recipients[0] ?? null) : null,
  });
  return rows.map((row) => row.id);
};

/** The company's users who may receive notifications: everyone not suspended. */
export const findReachableUserIds = async (
  db: Queryable,
  companyId: string,
  { except }: { except?: string } = {},
) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          ne(users.status, 'suspended'),
          except ? ne(users.id, except) : undefined,
        ),
      )
  ).map((row) => row.id);

/** The company's active admins (the Admin system role), who hear about invitations and new members. */
export const findAdminUserIds = async (
  db: Queryable,
  companyId: string,
  { except }: { except?: string } = {},
) =>
  (
    await db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.companyId, users.companyId), eq(userRoles.userId, users.id)))
      .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.status, 'active'),
          inArray(roles.systemKey, ['admin']),
          except ? ne(users.id, except) : undefined,
        ),
      )
  ).map((row) => row.id);
