import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../platform/http/errors.ts';
import { ZErrorBody } from '../platform/http/http.ts';
import { findCapturedMails, renderMailboxPage } from './dev-mailbox.ts';
import { createMailWorker, type TMailWorkerOptions } from './mail-worker.ts';
import { enqueueMail, type TOutgoingMail } from './outbox.ts';
import { createCaptureTransport, createSmtpTransport } from './transports.ts';

export type TMailer = {
  /**
   * Queues a mail and returns its id. Given a transaction, the mail is sent only after it commits:
   * call `wake()` after the commit to send at once rather than at the next poll.
   */
  enqueue: (mail: TOutgoingMail, db?: Queryable) => Promise<string>;
  /** Asks the worker to look for due mails now. */
  wake: () => void;
  /** No SMTP_URL: mails are captured for the developer mailbox instead of sent. */
  isCapturing: boolean;
  /**
   * The mailbox at /dev/mail and /api/dev/mail is open: DEV_MAILBOX=true, capturing, and listening
   * on loopback only. Even then it answers only direct requests from this machine.
   */
  hasDevMailbox: boolean;
};

// The mailbox shows reset links and two-factor codes to anyone who asks, so it opens only when
// asked for, while the server cannot be reached from other machines, and only to a request that
// came straight from this machine: a reverse proxy on the same host connects from loopback too,
// so a request carrying any forwarding header is treated as coming from elsewhere.
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1']);
const forwardingHeaders = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'via',
];

const isLoopbackAddress = (address: string | undefined) =>
  address === '::1' || /^(::ffff:)?127\./.test(address ?? '');

/**
 * A page on another site can point its own name at 127.0.0.1 (DNS rebinding) and read the mailbox
 * as same-origin: the Host it sends then names that site, never this machine.
 */
const isLoopbackHost = (host: string | undefined) =>
  /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i.test(host ?? '');

/** The socket's own address, not `request.ip`, which TRUST_PROXY takes from a header. */
const isDirectLocalRequest = (request: FastifyRequest) =>
  isLoopbackAddress(request.socket.remoteAddress) &&
  isLoopbackHost(request.headers.host) &&
  forwardingHeaders.every((header) => request.headers[header] === undefined);

declare module 'fastify' {
  interface FastifyInstance {
    mailer: TMailer;
  }
}

export type TRegisterMailOptions = { worker?: Partial<TMailWorkerOptions> };

const ZDevMailQuery = z.object({ to: z.string().trim().min(1).max(320).optional() });

const ZDevMailList = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().nullable(),
      /** What came with it: each file's name, type and size, and where a file's bytes are kept. */
      attachments: z.array(
        z.object({
          filename: z.string(),
          contentType: z.string(),
          size: z.number(),
          fileId: z.string().nullable(),
        }),
      ),
      createdAt: z.string(),
    }),
  ),
});

/** Outbox, worker and developer mailbox (docs/architecture.md). Called on the root instance: `app.mailer` is global. */
export const registerMail = async (app: FastifyInstance, options: TRegisterMailOptions = {}) => {
  const { smtpUrl, mailFrom } = app.config;
  const transport = smtpUrl ? createSmtpTransport(smtpUrl) : createCaptureTransport();
  const worker = createMailWorker({
    db: app.database.db,
    transport,
    fileStore: app.fileStore,
    logger: app.log.child({ module: 'mail' }),
    // A composer mail given up as failed tells its sender, in the same transaction.
    onFailed: async (tx, mail, lastError) => {
      if (!mail.companyId || !mail.createdBy) return;
      await app.domainEvents.emit(tx, {
        type: 'mail-failed',
        companyId: mail.companyId,
        senderUserId: mail.createdBy,
        subject: mail.subject,
        reason: lastError,
      });
    },
    ...options.worker,
  });

  const hasDevMailbox = app.config.devMailbox && transport.isCapturing && loopbackHosts.has(app.config.host);
  app.decorate('mailer', {
    enqueue: async (mail, db) => {
      const id = await enqueueMail(db ?? app.database.db, mail, { from: mailFrom });
      if (!db) worker.wake();
      return id;
    },
    wake: worker.wake,
    isCapturing: transport.isCapturing,
    hasDevMailbox,
  } satisfies TMailer);

  app.addHook('onReady', async () => worker.start());
  // preClose, not onClose: the worker must stop before any onClose hook closes the database.
  app.addHook('preClose', async () => worker.stop());
  app.addHook('onClose', async () => transport.close());

  // Registered either way so that, with SMTP configured, nothing else (such as the SPA) answers them.
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Refused exactly as an unknown route is, and before validation, so nobody learns it exists.
  const assertMailboxOpen = async (request: FastifyRequest) => {
    if (!hasDevMailbox || !isDirectLocalRequest(request)) {
      throw new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
  };

  routes.get(
    '/api/dev/mail',
    {
      onRequest: assertMailboxOpen,
      schema: { querystring: ZDevMailQuery, response: { 200: ZDevMailList, 404: ZErrorBody } },
    },
    async (request) => {
      const captured = await findCapturedMails(app.database.db, { to: request.query.to });
      return {
        data: captured.map((mail) => ({
          _id: mail.id,
          to: mail.to.join(', '),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            size: attachment.size,
            fileId: 'fileId' in attachment ? attachment.fileId : null,
          })),
          createdAt: mail.createdAt.toISOString(),
        })),
      };
    },
  );

  routes.get(
    '/dev/mail',
    {
      onRequest: assertMailboxOpen,
      schema: { querystring: ZDevMailQuery, response: { 200: z.string(), 404: ZErrorBody } },
    },
    async (request, reply) => {
      const captured = await findCapturedMails(app.database.db, { to: request.query.to });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage({ mails: captured, to: request.query.to }));
    },
  );
};
