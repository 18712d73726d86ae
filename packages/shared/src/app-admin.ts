import { z } from 'zod';
import { ZCalendarDate } from './date-schemas.ts';
import { ZPageQuery } from './lists.ts';

// The platform console (`/iamserver/api/v1/app-admin`, `/companies/{id}/…`): what the installation's
// platform administrators see of every company. Counts and settings only: never a company's mail
// bodies, files or contacts.

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A company as the console lists it. */
export const ZAdminCompany = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  /** Why the company was last suspended or reactivated, as its admins were told; null before either. */
  statusReason: z.string().nullable(),
  planName: z.string(),
  planExpiresAt: z.string(),
  isExpired: z.boolean(),
  /** Users who are not suspended (active or invited). */
  userCount: z.number().int(),
  /** Mails the outbox delivered for the company since the first of this month (UTC). */
  mailsSentThisMonth: z.number().int(),
  /** Bytes of the company's stored files. */
  storageBytes: z.number().int(),
  createdAt: z.string(),
});
export type TAdminCompany = z.infer<typeof ZAdminCompany>;

export const adminCompanySortFields = ['name', 'planExpiresAt', 'createdAt', 'status'] as const;

export const ZAdminCompanyListQuery = ZPageQuery.extend({
  status: z.enum(['active', 'suspended']).optional(),
  /** `true`: only companies whose plan has run out; `false`: only those still within it. */
  expired: z.enum(['true', 'false']).optional(),
}).strict();
export type TAdminCompanyListQuery = z.infer<typeof ZAdminCompanyListQuery>;

export const ZAdminCompanyParams = z.object({ id: z.uuid('must be a company id') }).strict();

export const planNameSuggestions = ['Trial', 'Starter', 'Business', 'Enterprise'] as const;

/** PATCH /app-admin/companies/{id}/plan: a new plan, a new expiry, or both. */
export const ZAdminPlanChange = z
  .object({
    planName: text(60).min(1, 'is required').optional(),
    /** A calendar day, YYYY-MM-DD: a plan runs until the end of that day (UTC). */
    expiresOn: ZCalendarDate.optional(),
  })
  .strict()
  .refine((change) => change.planName !== undefined || change.expiresOn !== undefined, {
    message: 'Give a plan name, an expiry date, or both',
  });
export type TAdminPlanChange = z.infer<typeof ZAdminPlanChange>;

/** POST /app-admin/companies/{id}/suspend and …/reactivate: the reason the company's admins are mailed. */
export const ZAdminStatusChange = z
  .object({ reason: text(1000).min(3, 'must say why, in at least 3 characters') })
  .strict();
export type TAdminStatusChange = z.infer<typeof ZAdminStatusChange>;

/** One entry of the platform's own trail: which platform administrator did what, to which company. */
export const ZPlatformAuditEvent = z.object({
  _id: z.string(),
  occurredAt: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  details: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type TPlatformAuditEvent = z.infer<typeof ZPlatformAuditEvent>;

export const platformAuditActions = [
  'plan-change',
  'suspend',
  'reactivate',
  'view-company',
  'catalogue-import-apply',
  /** Support answered a company's reported problem: a comment, a status, or both. */
  'issue-answer',
] as const;
export type TPlatformAuditAction = (typeof platformAuditActions)[number];

/** `q` finds the administrator's address or the company's name. */
export const ZPlatformAuditQuery = ZPageQuery.omit({ sort: true })
  .extend({
    companyId: z.uuid('must be a company id').optional(),
    action: z.enum(platformAuditActions).optional(),
  })
  .strict();
export type TPlatformAuditQuery = z.infer<typeof ZPlatformAuditQuery>;

export const appAdminMessages = {
  platformOnly: 'Only a platform administrator of this installation may use the platform console',
  companyNotFound: 'No company with this id',
  alreadySuspended: 'The company is already suspended',
  notSuspended: 'The company is not suspended',
  ownCompany:
    'You cannot suspend your own company: it would sign you out of the console with everyone else. Ask another platform administrator.',
} as const;
