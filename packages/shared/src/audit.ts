import { z } from 'zod';

// The audit trail (logserver): who changed what, and security events.

export const auditEntityTypes = [
  'user',
  'role',
  'group',
  'company',
  'file',
  'session',
  'announcement',
  'mail',
  'port',
  'port-favourite',
  'country-setting',
  'currency-setting',
  'exchange-rate',
  'picklist-group',
  'picklist-value',
  'catalogue-import',
  'business-type',
  'receiving-location',
  'template',
  'contact',
  'contact-tag',
  'contact-filter',
  'issue',
  'issue-comment',
  'report-sketch',
] as const;
export type TAuditEntityType = (typeof auditEntityTypes)[number];

/** Changes are create/update/delete; the rest are security events. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'sign-in',
  'sign-in-failed',
  'two-factor-failed',
  'sign-out',
  'invite',
  'suspend',
  'reactivate',
  'role-change',
  'permission-change',
  'password-change',
  /** An admin sent a user the mail to choose a new password. */
  'password-reset',
  'sessions-revoked',
  /** Many records written at once from a file (contacts). */
  'import',
  /** A document template printed to PDF for a mail. */
  'print',
  /** Records read out of the product as a file (a CSV of contacts). */
  'export',
] as const;
export type TAuditAction = (typeof auditActions)[number];

export const ZAuditEvent = z.object({
  _id: z.string(),
  occurredAt: z.string(),
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/** An event as the History drawer reads it: the actor also by name, while they are in the company. */
export const ZAuditHistoryEvent = ZAuditEvent.extend({
  actor: ZAuditEvent.shape.actor.extend({ name: z.string().nullable() }),
});
export type TAuditHistoryEvent = z.infer<typeof ZAuditHistoryEvent>;
