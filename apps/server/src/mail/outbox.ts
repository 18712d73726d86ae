import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { mails, type TMailAttachment, type TMailFileAttachment } from '../db/schema/index.ts';
import { createId } from '../platform/data-access/ids.ts';
import { AppError } from '../platform/http/errors.ts';

export type { TMailAttachment, TMailFileAttachment };

export type TOutgoingMail = {
  /** The mail's id, when the caller needs it before queueing (to record what it was written from). */
  id?: string;
  companyId?: string | null;
  /** The composer's user; their mails make the Sent list. */
  createdBy?: string;
  /**
   * `composer` and `invitation` mails go to addresses a company chose and count against its daily
   * recipient allowance (recipient-budget.ts); `system` ones (verification, codes) do not.
   */
  purpose?: 'system' | 'composer' | 'invitation';
  /** Overrides MAIL_FROM, e.g. with the company's name before the same address. */
  from?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** References to the company's files; the worker reads their bytes when it sends. */
  attachments?: TMailFileAttachment[];
};

export type TMailRow = typeof mails.$inferSelect;

/**
 * Queues a mail for the worker. Given a transaction, the mail exists only if that transaction
 * commits, so a rolled-back sign-up never sends its verification mail.
 */
export const enqueueMail = async (db: Queryable, mail: TOutgoingMail, { from }: { from: string }) => {
  if (mail.to.length + (mail.cc?.length ?? 0) + (mail.bcc?.length ?? 0) === 0) {
    throw new AppError('BAD_REQUEST', 'A mail needs at least one recipient.');
  }
  const id = mail.id ?? createId();
  // No `returning`: under row-level security a tenant transaction may insert rows it cannot read back.
  await db.insert(mails).values({
    id,
    companyId: mail.companyId ?? null,
    createdBy: mail.createdBy ?? null,
    purpose: mail.purpose ?? 'system',
    fromAddress: mail.from ?? from,
    replyTo: mail.replyTo ?? null,
    to: mail.to,
    cc: mail.cc ?? [],
    bcc: mail.bcc ?? [],
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
  });
  return id;
};

/**
 * True while a mail not yet sent (queued, or being sent) attaches the file: its bytes are read only
 * when the mail goes out, so the file must stay until then. A failed mail does not hold its files.
 */
export const isFileInUnsentMail = async (db: Queryable, companyId: string, fileId: string) => {
  const [row] = await db
    .select({ id: mails.id })
    .from(mails)
    .where(
      and(
        eq(mails.companyId, companyId),
        inArray(mails.status, ['queued', 'sending']),
        sql`${mails.attachments} @> ${JSON.stringify([{ fileId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
};
