import type { TNotificationKind } from '@cargodesk/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { createId } from '../../platform/data-access/ids.ts';
import type { TEventsBus } from '../../platform/events/events-bus.ts';

export type TNewNotification = {
  kind: TNotificationKind;
  title: string;
  body?: string;
  link?: string | null;
};

/**
 * Writes one notification per recipient and announces it on the events bus, both in `db`: pass the
 * transaction that makes the change, so the notification exists (and streams) only if it commits.
 * Only notifications calls this: other modules emit domain events (catalogue.ts).
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

const dayMs = 24 * 60 * 60 * 1000;
export const planExpiryWarningDays = 7;

/**
 * On sign-in: tells the user that the company's plan runs out within 7 days, at most once a day.
 * Pass the sign-in's transaction.
 */
export const notifyPlanExpiring = async (
  db: Queryable,
  bus: TEventsBus,
  {
    companyId,
    userId,
    planExpiresAt,
    now = Date.now(),
  }: { companyId: string; userId: string; planExpiresAt: Date; now?: number },
) => {
  const leftMs = planExpiresAt.getTime() - now;
  if (leftMs <= 0 || leftMs > planExpiryWarningDays * dayMs) return;
  const [recent] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        eq(notifications.kind, 'plan-expiring'),
        gt(notifications.createdAt, new Date(now - dayMs)),
      ),
    )
    .limit(1);
  if (recent) return;
  const days = Math.ceil(leftMs / dayMs);
  await createNotifications(db, bus, {
    companyId,
    userIds: [userId],
    notification: {
      kind: 'plan-expiring',
      title: `Your plan expires in ${days} ${days === 1 ? 'day' : 'days'}`,
      body: `It ends on ${planExpiresAt.toISOString().slice(0, 10)}. Contact support to renew it and keep sending mail.`,
      link: '/settings/company',
    },
  });
};
