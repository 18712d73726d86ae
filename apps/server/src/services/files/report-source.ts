import { eq, sql } from 'drizzle-orm';
import { files } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';

/** The company's files for reports: names, types, sizes and when they came. */
export const filesReportSource: TReportSource = {
  key: 'files',
  label: 'Files',
  permission: 'files:read',
  from: sql`${files}`,
  scope: ({ companyId }) => eq(files.companyId, companyId),
  columns: [
    { key: 'name', label: 'Name', type: 'text', expression: sql`${files.name}`, isGroupable: true },
    {
      key: 'contentType',
      label: 'Type',
      type: 'text',
      expression: sql`${files.contentType}`,
      isGroupable: true,
    },
    { key: 'purpose', label: 'Purpose', type: 'text', expression: sql`${files.purpose}`, isGroupable: true },
    { key: 'size', label: 'Size (bytes)', type: 'number', expression: sql`${files.size}` },
    {
      key: 'createdAt',
      label: 'Uploaded',
      type: 'date',
      expression: sql`${files.createdAt}`,
      isGroupable: true,
    },
  ],
};
