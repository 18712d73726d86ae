import { eq, notInArray, sql } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';
import { entityTypesOutside } from './restricted-entries.ts';

/** The company's events, without those of a product it lacks (restricted-entries.ts). */
const scopeOf = ({ companyId, productCodes }: { companyId: string; productCodes: readonly string[] }) => {
  const ofCompany = eq(auditEvents.companyId, companyId);
  const excluded = entityTypesOutside(productCodes);
  return excluded.length > 0
    ? sql`(${ofCompany} and ${notInArray(auditEvents.entityType, excluded)})`
    : ofCompany;
};

/** The audit trail for reports: who did what to which kind of thing, and when. */
export const auditReportSource: TReportSource = {
  key: 'audit',
  label: 'Audit events',
  permission: 'audit:read',
  from: sql`${auditEvents}`,
  scope: scopeOf,
  columns: [
    {
      key: 'occurredAt',
      label: 'When',
      type: 'date',
      expression: sql`${auditEvents.occurredAt}`,
      isGroupable: true,
    },
    {
      key: 'entityType',
      label: 'Entity',
      type: 'text',
      expression: sql`${auditEvents.entityType}`,
      isGroupable: true,
    },
    {
      key: 'action',
      label: 'Action',
      type: 'text',
      expression: sql`${auditEvents.action}`,
      isGroupable: true,
    },
    {
      key: 'actorEmail',
      label: 'Actor',
      type: 'text',
      expression: sql`${auditEvents.actorEmail}`,
      isGroupable: true,
    },
    { key: 'entityId', label: 'Entity id', type: 'text', expression: sql`${auditEvents.entityId}` },
    { key: 'ip', label: 'IP address', type: 'text', expression: sql`${auditEvents.ip}`, isGroupable: true },
  ],
};
