import { and, eq, sql } from 'drizzle-orm';
import { mails } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';

/**
 * The mails the caller wrote in the composer, as the Sent list shows them: a report never reads a
 * colleague's mail or the product's own (verification, invitations).
 */
export const mailsReportSource: TReportSource = {
  key: 'mails',
  label: 'Mails',
  permission: 'mail:send',
  from: sql`${mails}`,
  scope: ({ companyId, userId }) =>
    and(eq(mails.companyId, companyId), eq(mails.createdBy, userId), eq(mails.purpose, 'composer')) ??
    sql`false`,
  columns: [
    { key: 'subject', label: 'Subject', type: 'text', expression: sql`${mails.subject}`, isGroupable: true },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      values: ['queued', 'sending', 'sent', 'failed'],
      expression: sql`${mails.status}`,
      isGroupable: true,
    },
    { key: 'recipients', label: 'Recipients', type: 'number', expression: sql`cardinality(${mails.to})` },
    {
      key: 'attachments',
      label: 'Attachments',
      type: 'number',
      expression: sql`jsonb_array_length(${mails.attachments})`,
    },
    { key: 'attempts', label: 'Attempts', type: 'number', expression: sql`${mails.attempts}` },
    {
      key: 'createdAt',
      label: 'Written',
      type: 'date',
      expression: sql`${mails.createdAt}`,
      isGroupable: true,
    },
    { key: 'sentAt', label: 'Sent', type: 'date', expression: sql`${mails.sentAt}`, isGroupable: true },
  ],
};
