// Test helpers for the mail tests; imported by *.test.ts only (smtp-server is a dev dependency).
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = {
  raw: string;
  recipients: string[];
  /** The name the client gave in EHLO: tells two workers apart. */
  clientName: string;
  messageId: string;
  subject: string;
};

/** A header's unfolded value from raw MIME text; '' when absent. */
export const readHeader = (raw: string, name: string) => {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = headers
    .split('\r\n')
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

/** The decoded bytes of a base64 MIME part named `filename`. */
export const readAttachment = (raw: string, filename: string) => {
  const named = raw.search(new RegExp(`filename="?${filename.replace(/\./g, '\\.')}"?`));
  if (named < 0) return undefined;
  const bodyStart = raw.indexOf('\r\n\r\n', named) + 4;
  const bodyEnd = raw.indexOf('\r\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64');
};

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. `port` 0 picks a free one. */
export const startSmtpServer = async ({ port = 0 }: { port?: number } = {}) => {
  const received: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          raw,
          recipients: session.envelope.rcptTo.map(({ address }) => address),
          clientName: session.hostNameAppearsAs,
          messageId: readHeader(raw, 'Message-ID'),
          subject: readHeader(raw, 'Subject'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: boundPort } = server.server.address() as AddressInfo;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** A port that nothing listens on (until a test starts a server there). */
export const findClosedPort = async () => {
  const server = await startSmtpServer();
  await server.close();
  return server.port;
};

/** Polls `check` until it returns a truthy value; throws with `description` after `timeoutMs`. */
export const waitFor = async <T>(
  description: string,
  check: () => Promise<T> | T,
  { timeoutMs = 15_000, intervalMs = 25 } = {},
): Promise<Exclude<T, false | 0 | '' | null | undefined>> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result as Exclude<T, false | 0 | '' | null | undefined>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

export type TLogEntry = { level: string; fields: unknown; message: unknown };

/** A logger that keeps what it is told, so tests can see the worker's warnings. */
export const createTestLogger = () => {
  const entries: TLogEntry[] = [];
  const record =
    (level: string) =>
    (fields: unknown, message?: unknown): void => {
      entries.push({ level, fields, message });
    };
  const logger = {
    level: 'trace',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  } as unknown as FastifyBaseLogger;
  return { logger, entries };
};
