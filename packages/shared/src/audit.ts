import { z } from 'zod';
import { ZDateTime } from './date-schemas.ts';
import type { TPermission } from './permissions.ts';

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
  'api-token',
  /** The trail itself: an export of it is audited too. */
  'audit-trail',
  'report-sketch',
  /** A company's single sign-on configuration (docs/decisions/020-single-sign-on.md). */
  'sso-config',
  /** A sea or air shipment (docs/decisions/043-shipments-model.md). */
  'shipment',
  /** A company's shipment reference patterns, one entry for both modes. */
  'shipment-reference-pattern',
  'shipment-filter',
  /** A webhook endpoint (docs/decisions/052-webhooks.md); a replay of a delivery is one of its updates. */
  'webhook-endpoint',
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
  /** A signed-in user confirmed a fresh identity sign-in with the app session (decision 042). */
  'sign-in-confirmed',
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
  /** An API token stopped by its owner. */
  'revoke',
  /** Many records written at once from a file (contacts). */
  'import',
  /** A document template printed to PDF for a mail. */
  'print',
  /** Records read out of the product as a file (a CSV of contacts). */
  'export',
  /** A platform administrator read the company's users, groups or roles in the console. */
  'view',
] as const;
export type TAuditAction = (typeof auditActions)[number];

export const ZAuditEvent = z.object({
  _id: z.string(),
  occurredAt: z.string(),
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    /** Set when the user acted through one of their API tokens rather than a signed-in session. */
    apiToken: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

/**
 * What an event shows in place of a part its reader may not read (a shipment's `charges` without
 * `charges:read`, docs/decisions/047-restricted-audit-entries.md): that the part is there, and the
 * permission that would show it, so a screen can say "charges changed (amounts hidden)".
 */
export type TAuditHiddenPart = { isHidden: true; permission: TPermission };

export const hiddenAuditPart = (permission: TPermission): TAuditHiddenPart => ({
  isHidden: true,
  permission,
});

export const isAuditHiddenPart = (value: unknown): value is TAuditHiddenPart =>
  typeof value === 'object' &&
  value !== null &&
  (value as Partial<TAuditHiddenPart>).isHidden === true &&
  typeof (value as Partial<TAuditHiddenPart>).permission === 'string';

/** An event as the History drawer reads it: the actor also by name, while they are in the company. */
export const ZAuditHistoryEvent = ZAuditEvent.extend({
  actor: ZAuditEvent.shape.actor.extend({ name: z.string().nullable() }),
});
export type TAuditHistoryEvent = z.infer<typeof ZAuditHistoryEvent>;

/** The audit screen's filters (GET /logserver/api/v1/audit and its CSV export), every one optional. */
export const ZAuditFilter = z
  .object({
    entityType: z.enum(auditEntityTypes).optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    action: z.enum(auditActions).optional(),
    actorUserId: z.uuid().optional(),
    /** The actor's address as the event names it, any case; platform administrators have no user id. */
    actorEmail: z.string().trim().min(1).max(320).optional(),
    from: ZDateTime.optional(),
    to: ZDateTime.optional(),
    ip: z.string().trim().min(1).max(64).optional(),
    /** Words found in the actor's address, the entity's id or the IP address. */
    q: z.string().trim().max(200).optional(),
  })
  .strict();
export type TAuditFilter = z.infer<typeof ZAuditFilter>;
