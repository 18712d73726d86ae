import type { TReportSource } from '../../platform/data-access/report-sources.ts';
import { contactsReportSource } from '../contactserver/public.ts';
import { filesReportSource } from '../driveserver/public.ts';
import { usersReportSource } from '../iamserver/public.ts';
import { auditReportSource } from '../logserver/public.ts';
import { mailsReportSource } from '../mailserver/public.ts';
import { notificationsReportSource } from '../notifyserver/public.ts';
import { templatesReportSource } from '../templateserver/public.ts';

/** Every source a report may read, each lent by the module that owns the table (its public.ts). */
export const reportSources: readonly TReportSource[] = [
  usersReportSource,
  auditReportSource,
  mailsReportSource,
  filesReportSource,
  notificationsReportSource,
  contactsReportSource,
  templatesReportSource,
];
