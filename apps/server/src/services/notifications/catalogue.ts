import type { Queryable } from '../../db/client.ts';
import type { TDomainEvents } from '../../platform/events/domain-events.ts';
import type { TEventsBus } from '../../platform/events/events-bus.ts';
import { findAdminUserIds, findReachableUserIds, findReachableUserIdsByEmail } from '../access/public.ts';
import { notifyIssueFollowers, type TIssueMail } from './issue-notifications.ts';
import { createNotifications, notifyPlanExpiring, type TNewNotification } from './producer.ts';

// Every notification the product sends, keyed by the domain event that causes it: who hears of it,
// and in which words. A new kind of notification is one kind in shared, one entry here, one emit
// where it happens.

const notify = (
  tx: Queryable,
  bus: TEventsBus,
  companyId: string,
  userIds: string[],
  notification: TNewNotification,
) => createNotifications(tx, bus, { companyId, userIds, notification });

export const subscribeNotifications = (events: TDomainEvents, bus: TEventsBus, issueMail: TIssueMail) => {
  events.on(
    'user-invited',
    async (tx, { companyId, companyName, invitedBy, user }) =>
      void (await notify(
        tx,
        bus,
        companyId,
        await findAdminUserIds(tx, companyId, { except: invitedBy.userId }),
        {
          kind: 'user-invited',
          title: `${invitedBy.name} invited ${user.name || user.email}`,
          body: `${user.email} was invited to join ${companyName}.`,
          link: `/settings/users/${user.id}`,
        },
      )),
  );

  events.on(
    'user-joined',
    async (tx, { companyId, user }) =>
      void (await notify(tx, bus, companyId, await findAdminUserIds(tx, companyId, { except: user.id }), {
        kind: 'user-joined',
        title: `${user.name || user.email} joined your company`,
        body: `${user.email} accepted the invitation and signed in for the first time.`,
        link: `/settings/users/${user.id}`,
      })),
  );

  events.on('user-roles-changed', async (tx, { companyId, changedBy, userId, roleNames }) => {
    // Nobody needs telling what they did themselves.
    if (userId === changedBy.userId) return;
    await notify(tx, bus, companyId, [userId], {
      kind: 'role-changed',
      title: 'Your roles changed',
      body: `${changedBy.name} gave you the roles: ${roleNames.join(', ') || 'none'}.`,
      link: '/settings/profile',
    });
  });

  events.on('user-signed-in', async (tx, { companyId, userId, planExpiresAt }) =>
    notifyPlanExpiring(tx, bus, { companyId, userId, planExpiresAt }),
  );

  events.on('mail-failed', async (tx, { companyId, senderUserId, subject, reason }) => {
    // The sender may have been deleted or suspended since.
    const senders = await findReachableUserIds(tx, companyId, { among: [senderUserId] });
    await notify(tx, bus, companyId, senders, {
      kind: 'mail-failed',
      title: `Your mail "${subject}" could not be sent`,
      body: reason,
      link: '/dashboard?mail=sent',
    });
  });

  events.on('files-shared', async (tx, { companyId, sharedBy, recipientEmails, subject, fileNames }) => {
    const colleagues = await findReachableUserIdsByEmail(tx, companyId, recipientEmails, {
      except: sharedBy.userId,
    });
    const count = fileNames.length;
    await notify(tx, bus, companyId, colleagues, {
      kind: 'file-shared',
      title: `${sharedBy.name} shared ${count === 1 ? 'a file' : `${count} files`} with you`,
      body: `"${subject}": ${fileNames.join(', ')}. The mail is in your inbox.`,
      link: '/dashboard?mail=compose',
    });
  });

  events.on('tracker-issue-changed', (tx, event) => notifyIssueFollowers(tx, bus, issueMail, event));
};
