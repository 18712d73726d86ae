import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { TReportSource } from '../../../platform/data-access/report-sources.ts';

/** The company's users for reports: who they are, their status and when they last signed in. */
export const usersReportSource: TReportSource = {
  key: 'users',
  label: 'Users',
  permission: 'users:read',
  from: sql`${users}`,
  scope: ({ companyId }) => and(eq(users.companyId, companyId)) ?? sql`false`,
  columns: [
    { key: 'email', label: 'E-mail', type: 'text', expression: sql`${users.email}`, isGroupable: true },
    {
      key: 'firstName',
      label: 'First name',
      type: 'text',
      expression: sql`${users.firstName}`,
      isGroupable: true,
    },
    {
      key: 'lastName',
      label: 'Last name',
      type: 'text',
      expression: sql`${users.lastName}`,
      isGroupable: true,
    },
    {
      key: 'status',
      label: 'Status',
      type: 'enum',
      values: ['active', 'invited', 'suspended'],
      expression: sql`${users.status}`,
      isGroupable: true,
    },
    {
      key: 'createdAt',
      label: 'Created',
      type: 'date',
      expression: sql`${users.createdAt}`,
      isGroupable: true,
    },
    {
      key: 'lastLoginAt',
      label: 'Last sign-in',
      type: 'date',
      expression: sql`${users.lastLoginAt}`,
      isGroupable: true,
    },
  ],
};
