// Notifications and mail constants without zod on purpose: the web app imports these, and zod's
// schemas built at module load would come along into its bundle.

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
  dailyLimit: (limit: number) =>
    `Your company has sent its ${limit} mails for today; try again tomorrow or ask support to raise the limit`,
} as const;
