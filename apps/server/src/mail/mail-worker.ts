import type { Readable } from 'node:stream';
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';
import { fileStoreKey, type TFileStore } from '../platform/files/file-store.ts';
import type { TMailRow } from './outbox.ts';
import type { TMailContent, TMailTransport } from './transports.ts';

export type TMailWorkerOptions = {
  /** How often to look for due mails when nobody calls `wake()`. */
  pollIntervalMs: number;
  /** Delay before the first retry; doubles per attempt up to `backoffCapMs`. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Attempts before a mail is given up as `failed`. */
  maxAttempts: number;
  /** The longest one send may take; one still running then counts as a failed attempt. */
  sendTimeoutMs: number;
  /**
   * How long a claim holds a mail. A live worker settles its mail within `sendTimeoutMs`, so the
   * lease only matters when a worker dies mid-send: then another takes the mail once it runs out.
   * Short, so that mail is late by little more than a minute, never by long.
   */
  leaseMs: number;
};

export const defaultMailWorkerOptions: TMailWorkerOptions = {
  pollIntervalMs: 1000,
  backoffBaseMs: 5000,
  backoffCapMs: 15 * 60_000,
  // 5 s doubling to 15 min: the 15th attempt comes about 1 h 51 min after the first.
  maxAttempts: 15,
  sendTimeoutMs: 60_000,
  // The send's deadline plus room for the claim and the settling transaction around it.
  leaseMs: 90_000,
};

/** Called in the transaction that gives a mail up as failed (the sender hears of it). */
export type TMailFailedHandler = (tx: Tx, mail: TMailRow, lastError: string) => Promise<void>;

export type TMailWorker = { start: () => void; stop: () => Promise<void>; wake: () => void };

type TClaimedMail = TMailRow & { lockedUntil: Date };

const milliseconds = (value: number) => sql`${value}::double precision * interval '1 millisecond'`;

/** A failure no retry can mend (an attachment's file is gone): the mail fails at once. */
export class PermanentMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMailError';
  }
}

/**
 * Opens each attachment's bytes: a reference is streamed from the file store, the inline bytes of
 * a mail queued before attachments were references are decoded. `track` is told of every stream
 * opened, so the caller can close them however the send ends.
 */
const openAttachments = async (
  fileStore: Pick<TFileStore, 'open'>,
  mail: TMailRow,
  track: (stream: Readable) => void,
): Promise<TMailContent[]> => {
  const contents: TMailContent[] = [];
  for (const attachment of mail.attachments) {
    const { filename, contentType } = attachment;
    if ('fileId' in attachment) {
      // Only the composer writes references, always to its own company's files; anything else
      // would send one company's file in another's mail.
      if (attachment.companyId !== mail.companyId) {
        throw new PermanentMailError(`The attachment "${filename}" is not a file of this company.`);
      }
      const stream = await fileStore.open(fileStoreKey(attachment.companyId, attachment.fileId));
      if (!stream) {
        throw new PermanentMailError(`The attachment "${filename}" was deleted before the mail was sent.`);
      }
      track(stream);
      contents.push({ filename, contentType, content: stream });
    } else if (attachment.contentBase64 !== undefined) {
      contents.push({ filename, contentType, content: Buffer.from(attachment.contentBase64, 'base64') });
    } else {
      throw new PermanentMailError(`The attachment "${filename}" is no longer kept.`);
    }
  }
  return contents;
};

/**
 * Nodemailer's timeouts bound each wait, not a whole send (a server trickling bytes could hold it
 * for ever), so the send, opening its attachments included, races a deadline. A send abandoned
 * there may still finish in the background: like a crash after the server accepted, that is at
 * worst one duplicate, never a loss. Its attachment streams are closed then, so it rarely does.
 */
const sendBefore = async (
  transport: TMailTransport,
  fileStore: Pick<TFileStore, 'open'>,
  mail: TMailRow,
  timeoutMs: number,
) => {
  const streams: Readable[] = [];
  let isSettled = false;
  const close = (stream: Readable) => {
    // An error here would otherwise reach no listener when the transport never read the stream.
    stream.on('error', () => {});
    stream.destroy(new Error('The send ended before this attachment was read'));
  };
  const track = (stream: Readable) => {
    if (isSettled) close(stream);
    else streams.push(stream);
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The mail server did not finish within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    const sending = (async () => transport.send(mail, await openAttachments(fileStore, mail, track)))();
    return await Promise.race([sending, deadline]);
  } finally {
    clearTimeout(timer);
    isSettled = true;
    // A finished send has read every stream to its end; an abandoned one stops reading here.
    for (const stream of streams) if (!stream.destroyed) close(stream);
  }
};

const describeError = (error: unknown) =>
  (error instanceof Error ? error.message || error.name : String(error)).slice(0, 2000);

/** Claims the oldest due mail, if any, in a short transaction that no other worker can share. */
const claimNextMail = (db: Db, leaseMs: number) =>
  db.transaction(async (tx): Promise<TClaimedMail | undefined> => {
    const [due] = await tx
      .select({ id: mails.id })
      .from(mails)
      .where(
        or(
          and(eq(mails.status, 'queued'), lte(mails.nextAttemptAt, sql`now()`)),
          // A claim whose lease ran out: its worker died mid-send.
          and(eq(mails.status, 'sending'), lt(mails.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(mails.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(mails)
      .set({
        status: 'sending',
        attempts: sql`${mails.attempts} + 1`,
        // Whole milliseconds, so the value read back into a JS Date matches the row exactly.
        lockedUntil: sql`date_trunc('milliseconds', now() + ${milliseconds(leaseMs)})`,
      })
      .where(eq(mails.id, due.id))
      .returning();
    return claimed?.lockedUntil ? { ...claimed, lockedUntil: claimed.lockedUntil } : undefined;
  });

/**
 * Sends the outbox. Each mail is claimed with `FOR UPDATE SKIP LOCKED` and a lease, so any number
 * of workers, in any number of processes, share the queue without sending one mail twice. Delivery
 * is at least once: a worker that dies (or a send abandoned at its deadline that still goes through)
 * after the SMTP server accepted a mail, before marking it sent, leaves it to be sent again once the
 * lease runs out; nothing is ever lost.
 */
export const createMailWorker = ({
  db,
  transport,
  fileStore,
  logger,
  onFailed,
  ...options
}: {
  db: Db;
  transport: TMailTransport;
  /** Where attachments' bytes are read from at send time. */
  fileStore: Pick<TFileStore, 'open'>;
  logger: FastifyBaseLogger;
  onFailed?: TMailFailedHandler;
} & Partial<TMailWorkerOptions>) => {
  const pollIntervalMs = options.pollIntervalMs ?? defaultMailWorkerOptions.pollIntervalMs;
  const backoffBaseMs = options.backoffBaseMs ?? defaultMailWorkerOptions.backoffBaseMs;
  const backoffCapMs = options.backoffCapMs ?? defaultMailWorkerOptions.backoffCapMs;
  const maxAttempts = options.maxAttempts ?? defaultMailWorkerOptions.maxAttempts;
  const sendTimeoutMs = options.sendTimeoutMs ?? defaultMailWorkerOptions.sendTimeoutMs;
  const leaseMs = options.leaseMs ?? Math.max(defaultMailWorkerOptions.leaseMs, sendTimeoutMs + 30_000);
  // A live worker whose lease ran out mid-send would see its mail taken and sent a second time.
  if (leaseMs <= sendTimeoutMs) throw new Error('The mail lease must outlast the send timeout');

  let isStopped = true;
  let isWakeRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const send = async (mail: TClaimedMail): Promise<PgUpdateSetSource<typeof mails>> => {
    try {
      const { messageId } = await sendBefore(transport, fileStore, mail, sendTimeoutMs);
      logger.info({ mailId: mail.id, attempts: mail.attempts }, 'mail sent');
      return { status: 'sent', messageId, sentAt: sql`now()`, lastError: null };
    } catch (error) {
      const lastError = describeError(error);
      if (error instanceof PermanentMailError || mail.attempts >= maxAttempts) {
        logger.error(
          { mailId: mail.id, attempts: mail.attempts, error: lastError },
          'mail failed: giving up',
        );
        return { status: 'failed', lastError };
      }
      const delayMs = Math.min(backoffCapMs, backoffBaseMs * 2 ** (mail.attempts - 1));
      logger.warn(
        { mailId: mail.id, attempts: mail.attempts, delayMs, error: lastError },
        'mail send failed',
      );
      return { status: 'queued', lastError, nextAttemptAt: sql`now() + ${milliseconds(delayMs)}` };
    }
  };

  const deliver = async (mail: TClaimedMail) => {
    const outcome = await send(mail);
    // Only while our lease holds: a worker that overran it must not overwrite the next claim.
    const settled = await db.transaction(async (tx) => {
      const rows = await tx
        .update(mails)
        .set({ ...outcome, lockedUntil: null })
        .where(
          and(eq(mails.id, mail.id), eq(mails.status, 'sending'), eq(mails.lockedUntil, mail.lockedUntil)),
        )
        .returning({ id: mails.id });
      if (rows.length > 0 && outcome.status === 'failed' && onFailed) {
        await onFailed(tx, mail, typeof outcome.lastError === 'string' ? outcome.lastError : '');
      }
      return rows;
    });
    if (settled.length === 0) logger.warn({ mailId: mail.id }, 'mail lease expired before its send finished');
  };

  const drainQueue = async () => {
    do {
      isWakeRequested = false;
      while (!isStopped) {
        const mail = await claimNextMail(db, leaseMs);
        if (!mail) break;
        await deliver(mail);
      }
    } while (isWakeRequested && !isStopped);
  };

  const runNow = () => {
    clearTimeout(timer);
    timer = undefined;
    if (isStopped) return;
    if (running) {
      isWakeRequested = true;
      return;
    }
    running = drainQueue()
      .catch((error: unknown) => logger.error({ err: error }, 'mail worker: database error, retrying later'))
      .finally(() => {
        running = undefined;
        if (isStopped) return;
        timer = setTimeout(runNow, pollIntervalMs);
        timer.unref();
      });
  };

  return {
    start: () => {
      if (!isStopped) return;
      isStopped = false;
      runNow();
    },
    /** Finishes the mail in hand, then stops; unsent mails stay queued for the next start. */
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
    wake: runNow,
  } satisfies TMailWorker;
};
