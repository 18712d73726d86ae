import { eq, sql } from 'drizzle-orm';
import { templates } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';

/** The company's templates for reports: kinds, purposes, languages and status. */
export const templatesReportSource: TReportSource = {
  key: 'templates',
  label: 'Templates',
  permission: 'templates:read',
  from: sql`${templates}`,
  scope: ({ companyId }) => eq(templates.companyId, companyId),
  columns: [
    { key: 'name', label: 'Name', type: 'text', expression: sql`${templates.name}`, isGroupable: true },
    {
      key: 'type',
      label: 'Type',
      type: 'enum',
      values: ['email', 'document'],
      expression: sql`${templates.type}`,
      isGroupable: true,
    },
    {
      key: 'purpose',
      label: 'Purpose',
      type: 'text',
      expression: sql`${templates.purpose}`,
      isGroupable: true,
    },
    {
      key: 'language',
      label: 'Language',
      type: 'text',
      expression: sql`${templates.language}`,
      isGroupable: true,
    },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      values: ['active', 'archived'],
      expression: sql`${templates.status}`,
      isGroupable: true,
    },
    {
      key: 'createdAt',
      label: 'Created',
      type: 'date',
      expression: sql`${templates.createdAt}`,
      isGroupable: true,
    },
    {
      key: 'updatedAt',
      label: 'Changed',
      type: 'date',
      expression: sql`${templates.updatedAt}`,
      isGroupable: true,
    },
  ],
};
