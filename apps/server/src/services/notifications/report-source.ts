import { and, eq, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';

/** The caller's own notifications: nobody reads a colleague's. */
export const notificationsReportSource: TReportSource = {
  key: 'notifications',
  label: 'Notifications',
  permission: null,
  from: sql`${notifications}`,
  scope: ({ companyId, userId }) =>
    and(eq(notifications.companyId, companyId), eq(notifications.userId, userId)) ?? sql`false`,
  columns: [
    { key: 'kind', label: 'Kind', type: 'text', expression: sql`${notifications.kind}`, isGroupable: true },
    {
      key: 'title',
      label: 'Title',
      type: 'text',
      expression: sql`${notifications.title}`,
      isGroupable: true,
    },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      values: ['new', 'loaded'],
      expression: sql`${notifications.status}`,
      isGroupable: true,
    },
    {
      key: 'createdAt',
      label: 'Received',
      type: 'date',
      expression: sql`${notifications.createdAt}`,
      isGroupable: true,
    },
  ],
};
