import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { companies, notifications, sessions, users } from '../../db/schema/index.ts';

export type TNotificationRow = typeof notifications.$inferSelect;

const ofUser = (companyId: string, userId: string) =>
  and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));

/** Newest first, as the navbar reads them (docs/product.md §7: starting at 'new', limit 10). */
export const findNotifications = (
  db: Queryable,
  {
    companyId,
    userId,
    status,
    limit,
    before,
  }: { companyId: string; userId: string; status?: 'new' | 'loaded'; limit: number; before?: string },
) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        ofUser(companyId, userId),
        status ? eq(notifications.status, status) : undefined,
        before ? lt(notifications.id, before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);

export const countNotifications = async (
  db: Queryable,
  { companyId, userId, status }: { companyId: string; userId: string; status?: 'new' | 'loaded' },
) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(ofUser(companyId, userId), status ? eq(notifications.status, status) : undefined));
  return row?.count ?? 0;
};

/** Oldest first, after `afterId` (exclusive), of any of `userIds`: one read for many streams. */
export const findNotificationsOfUsersAfter = (
  db: Queryable,
  {
    companyId,
    userIds,
    afterId,
    limit,
  }: { companyId: string; userIds: string[]; afterId: string; limit: number },
) =>
  db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        inArray(notifications.userId, userIds),
        gt(notifications.id, afterId),
      ),
    )
    .orderBy(notifications.id)
    .limit(limit);

export const findNewestNotificationId = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(ofUser(companyId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id;
};

export const findNotification = async (db: Queryable, companyId: string, userId: string, id: string) => {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(ofUser(companyId, userId), eq(notifications.id, id)));
  return row;
};

/** Sets `loaded` on the given `new` ones (all when `ids` is undefined); returns the ids it changed. */
export const markLoaded = async (
  db: Queryable,
  { companyId, userId, ids }: { companyId: string; userId: string; ids?: string[] },
) =>
  (
    await db
      .update(notifications)
      .set({ status: 'loaded', loadedAt: sql`now()` })
      .where(
        and(
          ofUser(companyId, userId),
          eq(notifications.status, 'new'),
          ids ? inArray(notifications.id, ids) : undefined,
        ),
      )
      .returning({ id: notifications.id })
  ).map((row) => row.id);

/**
 * Of `sessionIds`, the ones still live: not revoked, not expired, their user and company not
 * suspended. The streams of the others end.
 */
export const findLiveSessionIds = async (db: Queryable, companyId: string, sessionIds: string[]) => {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(
      and(
        eq(sessions.companyId, companyId),
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        ne(users.status, 'suspended'),
        ne(companies.status, 'suspended'),
      ),
    );
  return new Set(rows.map((row) => row.id));
};

/**
 * The users among `userIds` who are signed in somewhere: a session not ended and not expired. A
 * notification reaches them in the app; the others are told by mail as well.
 */
export const findSignedInUserIds = async (db: Queryable, companyId: string, userIds: string[]) => {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.companyId, companyId),
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    );
  return new Set(rows.map((row) => row.userId));
};
