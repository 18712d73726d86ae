import {
  mailMessages,
  mailRules,
  messages,
  type TListMeta,
  type TRecipient,
  type TSentMail,
  type ZSendMailRequest,
  type ZSentMailQuery,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { TMailFileAttachment } from '../../db/schema/index.ts';
import type { TMailer } from '../../mail/mail-plugin.ts';
import { consumeRecipientBudget } from '../../mail/recipient-budget.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TDomainEvents } from '../../platform/events/domain-events.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { isPlanExpired } from '../access/public.ts';
import { findContactRecipients } from '../contacts/public.ts';
import { findCompanyFileForAttaching } from '../files/public.ts';
import { assertMayMailRecipients, type TAccountReader } from './outside-recipients.ts';
import * as repository from './repository.ts';
import { htmlToText, sanitizeMailHtml } from './sanitize.ts';

export type TMailCaller = { auth: TAuthContext; actor: TAuditActor };

/** docs/product.md §5 and §8: an expired subscription may not send mail, whatever the UI showed. */
const assertPlanActive = (auth: TAuthContext) => {
  if (isPlanExpired(auth.company)) {
    throw new AppError('FORBIDDEN', messages.subscriptionExpired);
  }
};

/** A display name for a header, with nothing that could end the header or the quoted string. */
const quoteName = (name: string) => `"${name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&')}"`;

const addressOf = (mailbox: string) => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();

const toSentView = (row: repository.TSentMailRow): TSentMail => ({
  _id: row.id,
  to: row.to,
  cc: row.cc,
  bcc: row.bcc,
  subject: row.subject,
  // A mail being handed to SMTP is still queued as far as its sender is concerned.
  status: row.status === 'sending' ? 'queued' : row.status,
  failReason: row.status === 'sent' ? null : row.lastError,
  attempts: row.attempts,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** Each address once (case aside), in the first list that names it. */
const dedupeRecipients = ({ to, cc, bcc }: { to: string[]; cc: string[]; bcc: string[] }) => {
  const seen = new Set<string>();
  const keep = (list: string[]) =>
    list.filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { to: keep(to), cc: keep(cc), bcc: keep(bcc) };
};

/** mail (docs/product.md §7 /send, docs/architecture.md): the composer's mails go through the outbox like any other. */
/** What the composer works with, named rather than reached through the whole app. */
export type TMailServiceDependencies = {
  db: Db;
  config: Pick<Config, 'mailFrom' | 'mailRecipientLimits'>;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  domainEvents: TDomainEvents;
  /** Whether the company's admins proved their addresses, which decides who it may mail. */
  identityAdmin: TAccountReader;
};

export const createMailService = ({
  db,
  config,
  mailer,
  domainEvents,
  identityAdmin,
}: TMailServiceDependencies) => {
  const fromAddress = addressOf(config.mailFrom);

  /**
   * The attachments as references to the company's files, checked and held (`for share`) in the
   * transaction that queues the mail: the worker streams their bytes from the store when it sends,
   * and a file attached to a mail not yet sent cannot be deleted.
   */
  const attachFiles = async (tx: Tx, auth: TAuthContext, fileIds: string[]) => {
    const files = [];
    for (const id of new Set(fileIds)) {
      const file = await findCompanyFileForAttaching(tx, auth, id);
      if (!file) throw fieldError('attachmentFileIds', mailMessages.attachmentNotFound);
      files.push(file);
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total > mailRules.maxAttachmentBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', mailMessages.attachmentsTooLarge);
    }
    return files.map(
      (file): TMailFileAttachment => ({
        filename: file.name,
        contentType: file.contentType,
        size: file.size,
        companyId: auth.companyId,
        fileId: file._id,
      }),
    );
  };

  /**
   * Queues a composer mail. `onQueued` runs in the transaction that queues it, for a module that
   * records the send on its own record (a shipment's history), so both commit or neither does.
   */
  const send = async (
    { auth, actor }: TMailCaller,
    body: z.output<typeof ZSendMailRequest>,
    { onQueued }: { onQueued?: (tx: Tx, mailId: string) => Promise<void> } = {},
  ) => {
    assertPlanActive(auth);
    if (/[\r\n]/.test(body.subject)) throw fieldError('subject', mailMessages.headerInjection);
    const recipients = dedupeRecipients(body);
    const recipientCount = recipients.to.length + recipients.cc.length + recipients.bcc.length;
    if (recipients.to.length === 0) throw fieldError('to', mailMessages.noRecipients);
    if (recipientCount > mailRules.maxRecipients) throw fieldError('to', mailMessages.tooManyRecipients);
    await assertMayMailRecipients({
      db,
      identityAdmin,
      companyId: auth.companyId,
      recipients: [...recipients.to, ...recipients.cc, ...recipients.bcc],
    });
    const html = sanitizeMailHtml(body.html);
    const senderName = `${auth.user.firstName} ${auth.user.lastName}`.trim();

    const id = await withTenant(db, auth.companyId, async (tx) => {
      const attachments = await attachFiles(tx, auth, body.attachmentFileIds);
      const mailId = createId();
      const templateVersionIds = [...new Set(body.templateVersionIds)];
      if (templateVersionIds.length > 0) {
        // The templates module keeps the versions used; an id not of this company refuses the mail.
        // Before the company lock: it holds the templates, and a template's deletion holds its
        // template before it writes (and so waits for the company row).
        await domainEvents.emit(tx, {
          type: 'mail-composed',
          companyId: auth.companyId,
          mailId,
          templateVersionIds,
        });
      }
      await consumeRecipientBudget(tx, {
        companyId: auth.companyId,
        recipients: recipientCount,
        limits: config.mailRecipientLimits,
      });
      await mailer.enqueue(
        {
          id: mailId,
          companyId: auth.companyId,
          createdBy: auth.userId,
          purpose: 'composer',
          ...recipients,
          replyTo: senderName ? `${quoteName(senderName)} <${auth.user.email}>` : auth.user.email,
          subject: body.subject,
          text: htmlToText(html),
          html,
          attachments,
          from: `${quoteName(`${auth.company.name} via Cargodesk`)} <${fromAddress}>`,
        },
        tx,
      );
      await auditTrails.mail(tx, actor, 'create', mailId, {
        after: {
          ...recipients,
          subject: body.subject,
          attachments: attachments.map(({ filename, size }) => ({ filename, size })),
        },
      });
      await onQueued?.(tx, mailId);
      if (attachments.length > 0) {
        // Colleagues among the recipients hear that files were shared with them, with the mail.
        await domainEvents.emit(tx, {
          type: 'files-shared',
          companyId: auth.companyId,
          sharedBy: { userId: auth.userId, name: senderName || auth.user.email },
          recipientEmails: [...recipients.to, ...recipients.cc, ...recipients.bcc],
          subject: body.subject,
          fileNames: attachments.map(({ filename }) => filename),
        });
      }
      return mailId;
    });
    mailer.wake();
    const view = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findSentMail(tx, auth.companyId, auth.userId, id),
    );
    if (!view) throw new AppError('NOT_FOUND', mailMessages.mailNotFound);
    return toSentView(view);
  };

  const listSent = (
    auth: TAuthContext,
    { page, pageSize, q, status, recipients }: z.output<typeof ZSentMailQuery>,
  ): Promise<{ data: TSentMail[]; meta: TListMeta }> =>
    withTenant(db, auth.companyId, async (tx) => {
      const { rows, total } = await repository.findSentPage(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        page,
        pageSize,
        q,
        status,
        recipients,
      });
      return { data: rows.map(toSentView), meta: { total, page, pageSize } };
    });

  const retry = async ({ auth, actor }: TMailCaller, id: string) => {
    const view = await withTenant(db, auth.companyId, async (tx) => {
      const before = await repository.findSentMail(tx, auth.companyId, auth.userId, id);
      if (!before) throw new AppError('NOT_FOUND', mailMessages.mailNotFound);
      assertPlanActive(auth);
      if (before.status !== 'failed') throw new AppError('CONFLICT', mailMessages.notFailed);
      await repository.requeueMail(tx, auth.companyId, id);
      const after = await repository.findSentMail(tx, auth.companyId, auth.userId, id);
      if (!after) throw new AppError('NOT_FOUND', mailMessages.mailNotFound);
      await auditTrails.mail(tx, actor, 'update', id, {
        before: { status: before.status, lastError: before.lastError },
        after: { status: after.status },
      });
      return toSentView(after);
    });
    mailer.wake();
    return view;
  };

  /** Colleagues first, then the company's contacts for who may read them, each address once. */
  const suggestRecipients = (auth: TAuthContext, query: string): Promise<TRecipient[]> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const colleagues = (await repository.findRecipients(tx, auth.companyId, query)).map(
        (row): TRecipient => ({
          name: `${row.firstName} ${row.lastName}`.trim(),
          email: row.email,
          source: 'colleague',
        }),
      );
      const contacts = auth.permissions.includes('contacts:read')
        ? (await findContactRecipients(tx, auth.companyId, query, 10)).map(
            (row): TRecipient => ({ name: row.name, email: row.email, source: 'contact' }),
          )
        : [];
      const seen = new Set(colleagues.map((recipient) => recipient.email.toLowerCase()));
      return [...colleagues, ...contacts.filter((recipient) => !seen.has(recipient.email.toLowerCase()))];
    });

  return { send, listSent, retry, suggestRecipients };
};
