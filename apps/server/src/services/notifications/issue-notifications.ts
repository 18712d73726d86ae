import { issueStatusLabels } from '@cargodesk/shared';
import type { Queryable } from '../../db/client.ts';
import type { TDomainEvent } from '../../platform/events/domain-events.ts';
import type { TEventsBus } from '../../platform/events/events-bus.ts';
import { findReachableUserIds, findUserIdsWithPermission, findUserMailboxes } from '../access/public.ts';
import { createNotifications, type TNewNotification } from './producer.ts';
import { findSignedInUserIds } from './repository.ts';

// The issue tracker's followers hear of every change (docs/decisions/017-issue-tracker.md): in the
// app, and by mail when they are not signed in anywhere, so a reporter who left still learns the
// answer.

type TIssueEvent = Extract<TDomainEvent, { type: 'tracker-issue-changed' }>;

/** Queues a mail in the caller's transaction (the mailer's `enqueue`), and where the app is. */
export type TIssueMail = {
  enqueue: (
    mail: { companyId: string; to: string[]; subject: string; text: string },
    db: Queryable,
  ) => Promise<string>;
  appUrl: string;
};

const statusWord = (status: keyof typeof issueStatusLabels) => issueStatusLabels[status].toLowerCase();

/** What the followers are told, in words. */
const describe = ({ issue, actor, change }: TIssueEvent): TNewNotification => {
  const link = `/issues/${issue.id}`;
  switch (change.kind) {
    case 'reported':
      return { kind: 'issue-reported', title: `${actor.name} reported a problem: ${issue.title}`, link };
    case 'status':
      return {
        kind: 'issue-updated',
        title: `"${issue.title}" is now ${statusWord(change.to)}`,
        body: `${actor.name} changed it from ${statusWord(change.from)} to ${statusWord(change.to)}.`,
        link,
      };
    case 'assigned':
      return {
        kind: 'issue-updated',
        title: `"${issue.title}" was ${change.assigneeName ? `assigned to ${change.assigneeName}` : 'unassigned'}`,
        body: `${actor.name} changed who works on it.`,
        link,
      };
    case 'commented':
      return {
        kind: 'issue-updated',
        title: `${actor.name} commented on "${issue.title}"`,
        body: change.comment.slice(0, 500),
        link,
      };
  }
};

/** The reporter, the assignee and everyone who manages issues; never the one who acted. */
const findFollowers = async (tx: Queryable, { companyId, issue, actor }: TIssueEvent) => {
  const managers = await findUserIdsWithPermission(tx, companyId, 'issues:write');
  const named = [issue.reporterId, issue.assigneeId].filter((id): id is string => id !== null);
  const candidates = [...new Set([...managers, ...named])].filter((id) => id !== actor.userId);
  return findReachableUserIds(tx, companyId, { among: candidates });
};

export const notifyIssueFollowers = async (
  tx: Queryable,
  bus: TEventsBus,
  mail: TIssueMail,
  event: TIssueEvent,
) => {
  const followers = await findFollowers(tx, event);
  if (followers.length === 0) return;
  const notification = describe(event);
  await createNotifications(tx, bus, { companyId: event.companyId, userIds: followers, notification });
  const signedIn = await findSignedInUserIds(tx, event.companyId, followers);
  const away = await findUserMailboxes(
    tx,
    event.companyId,
    followers.filter((id) => !signedIn.has(id)),
  );
  for (const person of away) {
    await mail.enqueue(
      {
        companyId: event.companyId,
        to: [person.email],
        subject: notification.title.slice(0, 200),
        text: [
          `Hello ${person.name || person.email},`,
          '',
          notification.title,
          ...(notification.body ? ['', notification.body] : []),
          '',
          `Open the issue: ${mail.appUrl}${notification.link}`,
        ].join('\n'),
      },
      tx,
    );
  }
};
