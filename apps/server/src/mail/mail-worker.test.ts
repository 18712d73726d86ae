import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgresDatabase, openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { mails } from '../db/schema/index.ts';
import { createLocalFileStore, fileStoreKey, type TFileStore } from '../platform/files/file-store.ts';
import {
  createTestLogger,
  findClosedPort,
  readAttachment,
  readHeader,
  startSmtpServer,
  waitFor,
} from './mail-test-support.ts';
import { createMailWorker, defaultMailWorkerOptions, type TMailWorkerOptions } from './mail-worker.ts';
import { enqueueMail } from './outbox.ts';
import {
  createCaptureTransport,
  createSmtpTransport,
  smtpTimeouts,
  type TMailTransport,
} from './transports.ts';

const from = 'Cargodesk <no-reply@cargodesk.test>';
const quickRetries: Partial<TMailWorkerOptions> = {
  pollIntervalMs: 50,
  backoffBaseMs: 100,
  backoffCapMs: 400,
};

const readMails = (db: Db, ids: string[]) => db.select().from(mails).where(inArray(mails.id, ids));

describe.each(testDatabaseKinds)('mail worker on %s', (kind) => {
  let database: Database;
  let fileRoot: string;
  let fileStore: TFileStore;
  /** Stores `bytes` as a company's file, as an upload would, and answers its reference. */
  const storeFile = async (bytes: Buffer, companyId = randomUUID()) => {
    const fileId = randomUUID();
    await fileStore.commit(await fileStore.stage(Readable.from([bytes])), fileStoreKey(companyId, fileId));
    return { companyId, fileId };
  };
  const workers: { stop: () => Promise<void> }[] = [];
  const transports: TMailTransport[] = [];

  const startWorker = (
    transport: TMailTransport,
    options: Partial<TMailWorkerOptions> = {},
    db = database.db,
  ) => {
    const { logger, entries } = createTestLogger();
    const worker = createMailWorker({ db, transport, fileStore, logger, ...options });
    workers.push(worker);
    transports.push(transport);
    worker.start();
    return { worker, entries };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    fileRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-worker-files-'));
    fileStore = createLocalFileStore(fileRoot);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const transport of transports) transport.close();
    await database?.close();
    if (fileRoot) await fs.rm(fileRoot, { recursive: true, force: true });
  });

  it('delivers a mail with its attachment over SMTP, streamed from the file store, never stored in the row', async () => {
    const smtp = await startSmtpServer();
    try {
      // Over 1 MB, so the bytes arrive in many chunks of the file stream.
      const bytes = randomBytes(1_500_000);
      const file = await storeFile(bytes);
      const id = await enqueueMail(
        database.db,
        {
          companyId: file.companyId,
          to: ['Dana Client <dana@client.test>'],
          cc: ['ops@client.test'],
          bcc: ['audit@cargodesk.test'],
          replyTo: 'office@freight.test',
          subject: 'Manifest for voyage 42',
          text: 'The manifest is attached.',
          html: '<p>The manifest is attached.</p>',
          attachments: [
            {
              filename: 'manifest.bin',
              contentType: 'application/octet-stream',
              size: bytes.length,
              ...file,
            },
          ],
        },
        { from },
      );
      // The queued row holds the reference only: a mail to 50 recipients costs no copy of the file.
      const [queued] = await readMails(database.db, [id]);
      expect(queued?.attachments).toEqual([
        { filename: 'manifest.bin', contentType: 'application/octet-stream', size: bytes.length, ...file },
      ]);
      expect(JSON.stringify(queued).length).toBeLessThan(2000);
      const { worker } = startWorker(createSmtpTransport(smtp.url));
      const [sent] = await waitFor('the mail to be sent', async () => {
        const rows = await readMails(database.db, [id]);
        return rows[0]?.status === 'sent' && rows;
      });
      await worker.stop();

      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message?.subject).toBe('Manifest for voyage 42');
      expect(message?.messageId).toBe(`<${id}@cargodesk.test>`);
      expect(sent).toMatchObject({ messageId: `<${id}@cargodesk.test>`, attempts: 1, lastError: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(message?.recipients.sort()).toEqual([
        'audit@cargodesk.test',
        'dana@client.test',
        'ops@client.test',
      ]);
      const raw = message?.raw ?? '';
      expect(readHeader(raw, 'From')).toBe(from);
      expect(readHeader(raw, 'Reply-To')).toBe('office@freight.test');
      expect(readHeader(raw, 'Bcc')).toBe('');
      expect(raw).toContain('<p>The manifest is attached.</p>');
      expect(readAttachment(raw, 'manifest.bin')?.equals(bytes)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('still sends the inline bytes of a mail queued before attachments were references', async () => {
    const smtp = await startSmtpServer();
    try {
      const bytes = randomBytes(2000);
      const id = randomUUID();
      // The shape migration 0021 leaves on mails that were queued when it ran.
      await database.db.insert(mails).values({
        id,
        fromAddress: from,
        to: ['dana@client.test'],
        subject: 'Queued before the upgrade',
        text: 'Attached.',
        attachments: [
          {
            filename: 'old.bin',
            contentType: 'application/octet-stream',
            size: bytes.length,
            contentBase64: bytes.toString('base64'),
          },
        ],
      });
      const { worker } = startWorker(createSmtpTransport(smtp.url));
      await waitFor(
        'the mail to be sent',
        async () => (await readMails(database.db, [id]))[0]?.status === 'sent',
      );
      await worker.stop();
      const message = smtp.received.find((received) => received.subject === 'Queued before the upgrade');
      expect(readAttachment(message?.raw ?? '', 'old.bin')?.equals(bytes)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('fails a mail at once, saying which attachment is gone, when its file was deleted before it went out', async () => {
    const smtp = await startSmtpServer();
    try {
      const kept = await storeFile(randomBytes(100));
      const gone = await storeFile(randomBytes(100), kept.companyId);
      const id = await enqueueMail(
        database.db,
        {
          companyId: kept.companyId,
          to: ['dana@client.test'],
          subject: 'Missing attachment',
          text: 'Attached.',
          attachments: [
            { filename: 'kept.bin', contentType: 'application/octet-stream', size: 100, ...kept },
            { filename: 'gone.pdf', contentType: 'application/pdf', size: 100, ...gone },
          ],
        },
        { from },
      );
      await fileStore.remove(fileStoreKey(gone.companyId, gone.fileId));
      const failures: string[] = [];
      const { logger } = createTestLogger();
      const worker = createMailWorker({
        db: database.db,
        transport: createSmtpTransport(smtp.url),
        fileStore,
        logger,
        ...quickRetries,
        onFailed: async (_tx, mail, lastError) => {
          failures.push(`${mail.id}: ${lastError}`);
        },
      });
      workers.push(worker);
      worker.start();
      const [failed] = await waitFor('the mail to fail', async () => {
        const rows = await readMails(database.db, [id]);
        return rows[0]?.status === 'failed' && rows;
      });
      await worker.stop();
      // One attempt, not fifteen: the file will not come back.
      expect(failed).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null });
      expect(failed?.lastError).toBe('The attachment "gone.pdf" was deleted before the mail was sent.');
      expect(failures).toEqual([`${id}: ${failed?.lastError}`]);
      expect(smtp.received.filter((message) => message.subject === 'Missing attachment')).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it("refuses to send another company's file", async () => {
    const file = await storeFile(randomBytes(100));
    const id = await enqueueMail(
      database.db,
      {
        companyId: randomUUID(),
        to: ['dana@client.test'],
        subject: 'Foreign attachment',
        text: 'Attached.',
        attachments: [{ filename: 'theirs.pdf', contentType: 'application/pdf', size: 100, ...file }],
      },
      { from },
    );
    const { worker } = startWorker(createCaptureTransport());
    const [failed] = await waitFor('the mail to fail', async () => {
      const rows = await readMails(database.db, [id]);
      return rows[0]?.status === 'failed' && rows;
    });
    await worker.stop();
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: 'The attachment "theirs.pdf" is not a file of this company.',
    });
  });

  it('keeps mails queued while SMTP is down and delivers each once it is back', async () => {
    const port = await findClosedPort();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(
        await enqueueMail(
          database.db,
          { to: ['x@client.test'], subject: `Outage ${n}`, text: 'Hi' },
          { from },
        ),
      );
    }
    const { worker, entries } = startWorker(createSmtpTransport(`smtp://127.0.0.1:${port}`), quickRetries);

    const waiting = await waitFor('every mail to have failed twice', async () => {
      const rows = await readMails(database.db, ids);
      return rows.every((row) => row.attempts >= 2) && rows;
    });
    for (const row of waiting) {
      expect(row.status === 'queued' || row.status === 'sending').toBe(true);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.sentAt).toBeNull();
    }
    expect(entries.some((entry) => entry.level === 'warn' && entry.message === 'mail send failed')).toBe(
      true,
    );

    const smtp = await startSmtpServer({ port });
    try {
      await waitFor('every mail to be sent', async () =>
        (await readMails(database.db, ids)).every((row) => row.status === 'sent'),
      );
      await worker.stop();
      expect(smtp.received.map((message) => message.subject).sort()).toEqual([
        'Outage 1',
        'Outage 2',
        'Outage 3',
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('gives a mail up as failed after the last attempt', async () => {
    const port = await findClosedPort();
    const id = await enqueueMail(
      database.db,
      { to: ['x@client.test'], subject: 'Doomed', text: 'Hi' },
      { from },
    );
    const { worker, entries } = startWorker(createSmtpTransport(`smtp://127.0.0.1:${port}`), {
      ...quickRetries,
      maxAttempts: 2,
    });
    const [failed] = await waitFor('the mail to fail', async () => {
      const rows = await readMails(database.db, [id]);
      return rows[0]?.status === 'failed' && rows;
    });
    await worker.stop();
    expect(failed).toMatchObject({
      attempts: 2,
      lockedUntil: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(
      entries.some((entry) => entry.level === 'error' && entry.message === 'mail failed: giving up'),
    ).toBe(true);
  });

  it('takes over a claim whose lease ran out, but not one still held', async () => {
    const row = (lockedUntil: Date, subject: string) => ({
      id: randomUUID(),
      fromAddress: from,
      to: ['x@client.test'],
      subject,
      text: 'Hi',
      status: 'sending' as const,
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 60_000),
      lockedUntil,
    });
    const crashed = row(new Date(Date.now() - 1000), 'Claimed by a worker that died');
    // Earliest due, so a worker that wrongly took held claims would take this one first.
    const held = {
      ...row(new Date(Date.now() + 3_600_000), 'Claimed by a live worker'),
      nextAttemptAt: new Date(0),
    };
    await database.db.insert(mails).values([crashed, held]);

    const { worker } = startWorker(createCaptureTransport(), quickRetries);
    await waitFor('the crashed claim to be sent', async () => {
      const [taken] = await readMails(database.db, [crashed.id]);
      return taken?.status === 'sent';
    });
    await worker.stop();
    const [stillHeld] = await readMails(database.db, [held.id]);
    expect(stillHeld).toMatchObject({ status: 'sending', attempts: 1 });
    const [taken] = await readMails(database.db, [crashed.id]);
    expect(taken).toMatchObject({ status: 'sent', attempts: 2 });
    await database.db.delete(mails).where(eq(mails.id, held.id));
  });

  it('holds a claim for about a minute and a half, and retries a send that overruns its deadline', async () => {
    let releaseHungSend = () => {};
    let calls = 0;
    const transport: TMailTransport = {
      isCapturing: false,
      // The first send hangs, as on a server that stops answering mid-DATA; the second goes through.
      send: (mail) => {
        calls += 1;
        if (calls > 1) return Promise.resolve({ messageId: `<${mail.id}@cargodesk.test>` });
        return new Promise((resolve) => {
          releaseHungSend = () => resolve({ messageId: 'late' });
        });
      },
      close: () => {},
    };
    const id = await enqueueMail(
      database.db,
      { to: ['x@client.test'], subject: 'Hung', text: 'Hi' },
      { from },
    );
    const { worker } = startWorker(transport, { ...quickRetries, sendTimeoutMs: 400 });
    try {
      const [claimed] = await waitFor('the mail to be claimed', async () => {
        const rows = await readMails(database.db, [id]);
        return rows[0]?.status === 'sending' && rows;
      });
      // A worker that died here would leave the mail to the others 90 s later, not 5 minutes.
      const leaseLeftMs = (claimed?.lockedUntil?.getTime() ?? 0) - Date.now();
      expect(leaseLeftMs).toBeGreaterThan(60_000);
      expect(leaseLeftMs).toBeLessThanOrEqual(90_000);

      const [sent] = await waitFor('the mail to be sent on its second attempt', async () => {
        const rows = await readMails(database.db, [id]);
        return rows[0]?.status === 'sent' && rows;
      });
      expect(sent).toMatchObject({ attempts: 2, lockedUntil: null, lastError: null });
      expect(calls).toBe(2);
    } finally {
      releaseHungSend();
      await worker.stop();
    }
  });

  it('holds a send whose attachment stalls in the file store to its deadline, closes the stream and retries', async () => {
    const smtp = await startSmtpServer();
    const bytes = randomBytes(5000);
    const file = await storeFile(bytes);
    const stalled: Readable[] = [];
    // The first read hangs, as a bucket that stops sending mid-object; the next is served in full.
    const slowStore: Pick<TFileStore, 'open'> = {
      open: async (key) => {
        if (stalled.length > 0) return fileStore.open(key);
        const stream = new Readable({ read: () => {} });
        stalled.push(stream);
        return stream;
      },
    };
    const { logger, entries } = createTestLogger();
    const worker = createMailWorker({
      db: database.db,
      transport: createSmtpTransport(smtp.url),
      fileStore: slowStore,
      logger,
      ...quickRetries,
      sendTimeoutMs: 400,
    });
    workers.push(worker);
    try {
      const id = await enqueueMail(
        database.db,
        {
          companyId: file.companyId,
          to: ['x@client.test'],
          subject: 'Stalled attachment',
          text: 'Hi',
          attachments: [
            { filename: 'slow.bin', contentType: 'application/octet-stream', size: 5000, ...file },
          ],
        },
        { from },
      );
      worker.start();
      const [sent] = await waitFor('the mail to be sent on its second attempt', async () => {
        const rows = await readMails(database.db, [id]);
        return rows[0]?.status === 'sent' && rows;
      });
      expect(sent).toMatchObject({ attempts: 2, lastError: null });
      expect(stalled[0]?.destroyed).toBe(true);
      const failedAttempt = entries.find((entry) => entry.message === 'mail send failed');
      expect(failedAttempt?.fields).toMatchObject({ error: 'The mail server did not finish within 0.4 s' });
      const delivered = smtp.received.filter((message) => message.subject === 'Stalled attachment');
      expect(delivered).toHaveLength(1);
      expect(readAttachment(delivered[0]?.raw ?? '', 'slow.bin')?.equals(bytes)).toBe(true);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps every SMTP timeout under the deadline of one send, and that under the lease', () => {
    const { sendTimeoutMs, leaseMs } = defaultMailWorkerOptions;
    expect(leaseMs).toBeGreaterThan(sendTimeoutMs);
    expect(leaseMs).toBeLessThanOrEqual(2 * 60_000);
    for (const timeoutMs of Object.values(smtpTimeouts)) expect(timeoutMs).toBeLessThan(sendTimeoutMs);
    expect(() =>
      createMailWorker({
        db: database.db,
        transport: createCaptureTransport(),
        fileStore,
        logger: createTestLogger().logger,
        sendTimeoutMs: 60_000,
        leaseMs: 30_000,
      }),
    ).toThrow('The mail lease must outlast the send timeout');
  });

  it('finishes the mail in hand when stopped and leaves the rest queued', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push(
        await enqueueMail(database.db, { to: ['x@client.test'], subject: `Stop ${n}`, text: 'Hi' }, { from }),
      );
    }
    const { worker } = startWorker(createCaptureTransport());
    await worker.stop();
    const rows = await readMails(database.db, ids);
    expect(rows.every((row) => row.status === 'queued' || row.status === 'sent')).toBe(true);
    // Leave nothing due for the next test.
    const rest = startWorker(createCaptureTransport());
    await waitFor('the rest to be sent', async () =>
      (await readMails(database.db, ids)).every((row) => row.status === 'sent'),
    );
    await rest.worker.stop();
  });

  it('sends each of 20 mails exactly once with two workers on separate connections', async () => {
    // On PostgreSQL each worker gets its own pool, as two server processes would.
    let second: Database = database;
    let scratch: { url: string; drop: () => Promise<void> } | undefined;
    let first: Database = database;
    if (kind === 'postgres') {
      scratch = await createScratchPostgresDatabase();
      first = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
      await migrateDatabase(first);
      second = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 3 });
    }
    const smtp = await startSmtpServer();
    try {
      const ids: string[] = [];
      for (let n = 0; n < 20; n += 1) {
        ids.push(
          await enqueueMail(first.db, { to: ['x@client.test'], subject: `Race ${n}`, text: 'Hi' }, { from }),
        );
      }
      const a = startWorker(createSmtpTransport(`${smtp.url}?name=worker-a`), {}, first.db);
      const b = startWorker(createSmtpTransport(`${smtp.url}?name=worker-b`), {}, second.db);
      await waitFor('all 20 mails to be sent', async () =>
        (await readMails(first.db, ids)).every((row) => row.status === 'sent'),
      );
      await Promise.all([a.worker.stop(), b.worker.stop()]);

      const messageIds = smtp.received.map((message) => message.messageId);
      expect(messageIds).toHaveLength(20);
      expect(new Set(messageIds).size).toBe(20);
      expect(new Set(messageIds)).toEqual(new Set(ids.map((id) => `<${id}@cargodesk.test>`)));
      const rows = await readMails(first.db, ids);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
      // Both took part, or the test would prove nothing about sharing the queue.
      const clients = new Set(smtp.received.map((message) => message.clientName));
      expect(clients).toEqual(new Set(['worker-a', 'worker-b']));
    } finally {
      await smtp.close();
      if (scratch) {
        await Promise.all([first.close(), second.close()]);
        await scratch.drop();
      }
    }
  });
});
