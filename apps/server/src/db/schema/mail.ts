import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns.ts';

// The outbox's table (mail/).

/**
 * An attachment as the outbox keeps it: a reference to a company's file, whose bytes the worker
 * streams from the file store at send time, so a mail's bytes are never copied into the database
 * (once per mail, however many recipients). Name and type are the file's when the mail was written.
 */
export type TMailFileAttachment = {
  filename: string;
  contentType: string;
  /** Bytes; the Sent list shows it without opening the file. */
  size: number;
  companyId: string;
  fileId: string;
};

/**
 * Before migration 0021 the bytes were kept inline, base64. Mails queued (or failed, and so open to
 * a retry) then keep them and still send; sent mails were stripped to name, type and size.
 */
export type TMailInlineAttachment = {
  filename: string;
  contentType: string;
  size: number;
  contentBase64?: string;
};

export type TMailAttachment = TMailFileAttachment | TMailInlineAttachment;

/** The outbox: every outgoing mail is a row here before any transport sees it (docs/architecture.md). */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey(),
    // Null for mails of no company, such as identity action mails before a company exists.
    companyId: uuid('company_id'),
    /** Who wrote it in the mail composer; null for the product's own mails (verification, invites). */
    createdBy: uuid('created_by'),
    /** system: the product's own mails; composer: written by a user (the Sent list, the daily limit). */
    purpose: text('purpose', { enum: ['system', 'composer', 'invitation'] })
      .notNull()
      .default('system'),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<TMailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAtColumn(),
    sentAt: timestamptz('sent_at'),
  },
  (table) => [
    index('mails_due_idx').on(table.status, table.nextAttemptAt),
    index('mails_company_idx').on(table.companyId, table.createdAt),
    index('mails_company_sender_idx').on(table.companyId, table.createdBy, table.createdAt),
  ],
);
