import type {
  TListMeta,
  TNotification,
  ZAnnouncementRequest,
  ZNotificationListQuery,
} from '@cargodesk/shared';
import { notificationMessages } from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TEventsBus } from '../../platform/events/events-bus.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findReachableUserIds } from '../access/public.ts';
import { createNotifications } from './producer.ts';
import * as repository from './repository.ts';
import { toNotificationView } from './stream-hub.ts';

export type TNotifyCaller = { auth: TAuthContext; actor: TAuditActor };

/** notifications: the signed-in user's own notifications, and the admin's announcement. */
export const createNotificationsService = ({ db, events }: { db: Db; events: TEventsBus }) => {
  const inCompany = <T>(auth: TAuthContext, work: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(db, auth.companyId, work);
  const mine = (auth: TAuthContext) => ({ companyId: auth.companyId, userId: auth.userId });

  const list = (
    auth: TAuthContext,
    query: z.output<typeof ZNotificationListQuery>,
  ): Promise<{ data: TNotification[]; meta: TListMeta }> =>
    inCompany(auth, async (tx) => {
      const rows = await repository.findNotifications(tx, { ...mine(auth), ...query });
      const total = await repository.countNotifications(tx, { ...mine(auth), status: query.status });
      return { data: rows.map(toNotificationView), meta: { total, page: 1, pageSize: query.limit } };
    });

  const markOneLoaded = (auth: TAuthContext, id: string) =>
    inCompany(auth, async (tx) => {
      if (!(await repository.findNotification(tx, auth.companyId, auth.userId, id))) {
        throw new AppError('NOT_FOUND', notificationMessages.notFound);
      }
      const changed = await repository.markLoaded(tx, { ...mine(auth), ids: [id] });
      if (changed.length > 0) {
        await events.publish(tx, { type: 'notifications-changed', ...mine(auth), ids: changed });
      }
      const row = await repository.findNotification(tx, auth.companyId, auth.userId, id);
      if (!row) throw new AppError('NOT_FOUND', notificationMessages.notFound);
      return toNotificationView(row);
    });

  /** Marks the given ids (or every `new` one) loaded; ids of others are ignored. */
  const markRead = (auth: TAuthContext, ids?: string[]) =>
    inCompany(auth, async (tx) => {
      const changed = await repository.markLoaded(tx, { ...mine(auth), ...(ids ? { ids } : {}) });
      if (changed.length > 0) {
        await events.publish(tx, {
          type: 'notifications-changed',
          ...mine(auth),
          ids: ids ? changed : null,
        });
      }
      return { ids: changed };
    });

  const announce = ({ auth, actor }: TNotifyCaller, body: z.output<typeof ZAnnouncementRequest>) =>
    inCompany(auth, async (tx) => {
      const id = createId();
      const userIds = await findReachableUserIds(tx, auth.companyId, { except: auth.userId });
      await createNotifications(tx, events, {
        companyId: auth.companyId,
        userIds,
        notification: { kind: 'announcement', title: body.title, body: body.body, link: body.link ?? null },
      });
      await auditTrails.announcement(tx, actor, 'create', id, {
        after: { title: body.title, body: body.body, link: body.link ?? null, recipients: userIds.length },
      });
      return { _id: id, recipients: userIds.length };
    });

  return { list, markOneLoaded, markRead, announce };
};
