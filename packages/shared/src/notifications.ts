import { z } from 'zod';
import { ZPageQuery } from './lists.ts';

// Realtime notifications (notifyserver) and the mail composer (mailserver), docs/architecture.md.

export const notificationStatuses = ['new', 'loaded'] as const;
export type TNotificationStatus = (typeof notificationStatuses)[number];

export const notificationKinds = [
  'user-invited',
  'user-joined',
  'role-changed',
  'announcement',
  'mail-failed',
  'plan-expiring',
  'file-shared',
  'issue-reported',
  'issue-updated',
] as const;
export type TNotificationKind = (typeof notificationKinds)[number];

/** Server-Sent Events names on /notifyserver/api/v1/stream. */
export const notificationStreamEvents = {
  /** A new notification; its SSE id is the notification's id (UUID v7, ordered by time). */
  notification: 'notification',
  /** Notifications changed status (opened, marked read): `{ ids, status }`; carries no SSE id. */
  changed: 'changed',
  /** Sent once on connect: `{ lastEventId }`, where the stream starts. */
  ready: 'ready',
} as const;

export const mailRules = {
  /** to + cc + bcc together. */
  maxRecipients: 50,
  maxSubjectLength: 200,
  /** The HTML body before sanitising. */
  maxBodyLength: 200_000,
  maxAttachments: 10,
  /** All attachments together, before base64. */
  maxAttachmentBytes: 10 * 1024 * 1024,
} as const;

export const mailStatuses = ['queued', 'sent', 'failed'] as const;
export type TSentMailStatus = (typeof mailStatuses)[number];

export const notificationMessages = {
  notFound: 'Notification not found',
} as const;

export const mailMessages = {
  tooManyRecipients: `A mail may have at most ${mailRules.maxRecipients} recipients (to, cc and bcc together)`,
  noRecipients: 'Add at least one recipient',
  headerInjection: 'The subject must be a single line',
  attachmentsTooLarge: `Attachments may total at most ${mailRules.maxAttachmentBytes / (1024 * 1024)} MB`,
  attachmentNotFound: 'An attachment names a file your company does not have',
  mailNotFound: 'Mail not found',
  notFailed: 'Only a failed mail can be sent again',
  /** Every address counts, to, cc and bcc alike; `remaining` is what the company has left today. */
  recipientLimit: ({ limit, remaining }: { limit: number; remaining: number }) =>
    remaining === 0
      ? `Your company has mailed its ${limit} recipients for today; try again tomorrow or ask support to raise the limit`
      : `Your company may mail ${remaining} more recipients today (of ${limit}); remove some or try again tomorrow`,
  /** A company none of whose admins proved their address may mail only its own people. */
  verifyToMailOutside:
    'Only colleagues can be mailed until your company admin verifies their email address. Open the link we sent, or use Resend Email in the banner.',
} as const;

export const ZNotification = z.object({
  _id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  status: z.enum(notificationStatuses),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /notifications: docs/product.md §7, ordered newest first, at most `limit` (10 by default). */
export const ZNotificationListQuery = z
  .object({
    status: z.enum(notificationStatuses).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    /** Older than this id, for paging back. */
    before: z.uuid().optional(),
  })
  .strict();

export const ZNotificationIdParams = z
  .object({ id: z.uuid({ error: 'must be a notification id' }) })
  .strict();

/** PATCH /notifications/:id: only `loaded` may be set (opening a notification). */
export const ZUpdateNotificationRequest = z.object({ status: z.literal('loaded') }).strict();

/** POST /notifications/mark-read: the given ids, or every `new` one when none are given. */
export const ZMarkNotificationsRequest = z.object({ ids: z.array(z.uuid()).max(100).optional() }).strict();

export const ZStreamQuery = z
  .object({
    /** Same as the Last-Event-ID header, for clients that cannot set it. */
    lastEventId: z.uuid().optional(),
  })
  .strict();

const inAppLink = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s]*$/, 'must be a path in the app, starting with /');

/** POST /announcements: an admin's message to everyone in the company (company:write). */
export const ZAnnouncementRequest = z
  .object({
    title: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    body: z.string().trim().max(1000, 'must be at most 1000 characters').default(''),
    link: inAppLink.optional(),
  })
  .strict();

export type TAnnouncementRequest = z.input<typeof ZAnnouncementRequest>;

export const ZAnnouncementResult = z.object({ _id: z.string(), recipients: z.number().int() });
export type TAnnouncementResult = z.infer<typeof ZAnnouncementResult>;

// ---- mail composer ----

const ZAddress = z.email({ error: 'must be an email address' }).max(320);

export const ZSendMailRequest = z
  .object({
    to: z
      .array(ZAddress)
      .min(1, mailMessages.noRecipients)
      .max(mailRules.maxRecipients, mailMessages.tooManyRecipients),
    cc: z.array(ZAddress).max(mailRules.maxRecipients, mailMessages.tooManyRecipients).default([]),
    bcc: z.array(ZAddress).max(mailRules.maxRecipients, mailMessages.tooManyRecipients).default([]),
    // Checked before trimming: a line break anywhere is an attempt to add headers.
    subject: z
      .string()
      .regex(/^[^\r\n]*$/, mailMessages.headerInjection)
      .trim()
      .min(1, 'is required')
      .max(mailRules.maxSubjectLength, `must be at most ${mailRules.maxSubjectLength} characters`),
    html: z.string().max(mailRules.maxBodyLength).default(''),
    attachmentFileIds: z.array(z.uuid()).max(mailRules.maxAttachments).default([]),
    /** The template versions the mail was written from: its text and its printed attachments. */
    templateVersionIds: z
      .array(z.uuid())
      .max(mailRules.maxAttachments + 1)
      .default([]),
  })
  .strict();
export type TSendMailRequest = z.input<typeof ZSendMailRequest>;

export const ZSentMail = z.object({
  _id: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(mailStatuses),
  /** Why the last attempt failed; kept while a queued mail waits for its retry. */
  failReason: z.string().nullable(),
  attempts: z.number().int(),
  attachments: z.array(z.object({ filename: z.string(), size: z.number().int() })),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TSentMail = z.infer<typeof ZSentMail>;

/**
 * GET /mailserver/api/v1/sent: newest first; `q` finds a subject or a recipient's address, and
 * `recipients` (addresses, comma-separated) keeps the mails sent to one of them (a contact's page).
 */
export const ZSentMailQuery = ZPageQuery.omit({ sort: true })
  .extend({
    status: z.enum(mailStatuses).optional(),
    recipients: z
      .string()
      .max(3_300)
      .transform((text) => text.split(',').map((address) => address.trim().toLowerCase()))
      .pipe(z.array(z.email({ error: 'must be e-mail addresses, comma-separated' })).max(10))
      .optional(),
  })
  .strict();
/** As the client sends it: the addresses still as one comma-separated text. */
export type TSentMailQuery = Partial<Omit<z.output<typeof ZSentMailQuery>, 'recipients'>> & {
  recipients?: string;
};

export const ZSentMailIdParams = z.object({ id: z.uuid({ error: 'must be a mail id' }) }).strict();

export const ZRecipientQuery = z.object({ q: z.string().trim().max(100).default('') }).strict();
export const ZRecipient = z.object({
  name: z.string(),
  email: z.string(),
  /** A colleague (a user of the company) or one of its contacts. */
  source: z.enum(['colleague', 'contact']).optional(),
});
export type TRecipient = z.infer<typeof ZRecipient>;
