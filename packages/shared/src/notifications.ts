import { z } from 'zod';
import { ZPageQuery } from './lists.ts';
import { mailMessages, mailRules, mailStatuses, notificationStatuses } from './notification-rules.ts';

// Realtime notifications (notifyserver) and the mail composer (mailserver), docs/architecture.md.

export * from './notification-rules.ts';

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
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().max(1000).default(''),
    link: inAppLink.optional(),
  })
  .strict();

export const ZAnnouncementResult = z.object({ _id: z.string(), recipients: z.number().int() });

// ---- mail composer ----

const ZAddress = z.email({ error: 'must be an e-mail address' }).max(320);

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
      .min(1)
      .max(mailRules.maxSubjectLength),
    html: z.string().max(mailRules.maxBodyLength).default(''),
    attachmentFileIds: z.array(z.uuid()).max(mailRules.maxAttachments).default([]),
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

/** GET /mailserver/api/v1/sent: newest first; `q` finds a subject or a recipient's address. */
export const ZSentMailQuery = ZPageQuery.omit({ sort: true })
  .extend({ status: z.enum(mailStatuses).optional() })
  .strict();
export type TSentMailQuery = Partial<z.output<typeof ZSentMailQuery>>;

export const ZSentMailIdParams = z.object({ id: z.uuid({ error: 'must be a mail id' }) }).strict();

export const ZRecipientQuery = z.object({ q: z.string().trim().max(100).default('') }).strict();
export const ZRecipient = z.object({ name: z.string(), email: z.string() });
export type TRecipient = z.infer<typeof ZRecipient>;
