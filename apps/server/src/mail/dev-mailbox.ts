import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mails, type TMailAttachment } from '../db/schema/index.ts';
import { escapeHtml } from './escape-html.ts';

export type TCapturedMail = {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  attachments: TMailAttachment[];
  status: string;
  createdAt: Date;
};

/** The newest captured mails, optionally only those with `to` among their recipients. */
export const findCapturedMails = (db: Db, { to, limit = 100 }: { to?: string; limit?: number }) =>
  db
    .select({
      id: mails.id,
      to: mails.to,
      subject: mails.subject,
      text: mails.text,
      html: mails.html,
      attachments: mails.attachments,
      status: mails.status,
      createdAt: mails.createdAt,
    })
    .from(mails)
    .where(
      to
        ? // Recipients may be bare addresses or `Name <address>`.
          sql`exists (select 1 from unnest(${mails.to} || ${mails.cc} || ${mails.bcc}) as recipient
            where lower(recipient) = lower(${to}) or position(lower(${`<${to}>`}) in lower(recipient)) > 0)`
        : undefined,
    )
    .orderBy(desc(mails.createdAt), desc(mails.id))
    .limit(limit);

// Trailing punctuation usually ends the sentence, not the link.
const linkPattern = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]]/g;

/** Escapes the text and turns its http(s) URLs into links; nothing else becomes markup. */
const linkifyText = (text: string) => {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
};

const formatTime = (time: Date) => `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const renderMail = (mail: TCapturedMail) => `
      <article>
        <h2>${escapeHtml(mail.subject)}</h2>
        <p class="meta">To ${escapeHtml(mail.to.join(', '))} · <time datetime="${mail.createdAt.toISOString()}">${formatTime(mail.createdAt)}</time> · ${escapeHtml(mail.status)}</p>
        <pre>${linkifyText(mail.text)}</pre>${
          mail.attachments.length > 0
            ? `\n        <p class="meta">Attached: ${mail.attachments.map((attachment) => escapeHtml(attachment.filename)).join(', ')}</p>`
            : ''
        }
      </article>`;

/** A self-contained page: inline style only, no script (the CSP allows none inline). */
export const renderMailboxPage = ({
  mails: captured,
  to,
}: {
  mails: TCapturedMail[];
  to?: string;
}) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Developer mailbox · Cargodesk</title>
    <style>
      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #1f2933; background: #f5f7fa; }
      main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
      h1 { margin: 0 0 4px; font-size: 22px; }
      .note, .meta { color: #52606d; margin: 0 0 12px; }
      form { display: flex; gap: 8px; margin-bottom: 16px; }
      input { flex: 1; padding: 6px 8px; font: inherit; }
      button { padding: 6px 14px; font: inherit; }
      article { background: #fff; border: 1px solid #d9e2ec; border-radius: 6px; padding: 12px 16px; margin-bottom: 12px; }
      h2 { margin: 0 0 2px; font-size: 17px; }
      pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: 14px/1.5 ui-monospace, monospace; }
    </style>
  </head>
  <body>
    <main>
      <h1>Developer mailbox</h1>
      <p class="note">Mails captured because no SMTP_URL is set; nothing left this machine. Newest first.</p>
      <form method="get" action="/dev/mail">
        <input name="to" type="search" placeholder="Recipient address" aria-label="Recipient address" value="${escapeHtml(to ?? '')}">
        <button type="submit">Filter</button>
      </form>${captured.length > 0 ? captured.map(renderMail).join('') : '\n      <p>No mails yet.</p>'}
    </main>
  </body>
</html>
`;
