import type { TReportSource } from '../../platform/data-access/report-sources.ts';
import { usersReportSource } from '../access/public.ts';
import { auditReportSource } from '../audit/public.ts';
import { contactsReportSource } from '../contacts/public.ts';
import { filesReportSource } from '../files/public.ts';
import { shipmentsReportSource } from '../freight/public.ts';
import { mailsReportSource } from '../mail/public.ts';
import { notificationsReportSource } from '../notifications/public.ts';
import { templatesReportSource } from '../templates/public.ts';

/** Every source a report may read, each lent by the module that owns the table (its public.ts). */
export const reportSources: readonly TReportSource[] = [
  usersReportSource,
  auditReportSource,
  mailsReportSource,
  filesReportSource,
  notificationsReportSource,
  contactsReportSource,
  templatesReportSource,
  shipmentsReportSource,
];
