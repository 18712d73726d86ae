import type { FastifyInstance, FastifyRequest } from 'fastify';
import { healthPaths } from './health.ts';

// One line per request worth reading, written once it is answered: the method, the address
// (credentials taken out), the status and the time taken. By default that is a failure, a slow
// request or a change (a write); a person clicking through the screens otherwise fills the
// terminal with reads (3,000 lines in 45 minutes). Every other request is written at debug.
// Fastify's own request logging writes two lines (received, completed) and is turned off.

export type TLogFormat = 'pretty' | 'json';

// pino's level numbers: a line is written when its level is at least the logger's.
const levelValues: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const isWritten = (loggerLevel: string, lineLevel: TLineLevel) =>
  (levelValues[lineLevel] ?? 0) >= (levelValues[loggerLevel] ?? Number.POSITIVE_INFINITY);

type TLineLevel = 'debug' | 'info' | 'warn' | 'error';

/** A request slower than this is worth a line whatever it was. */
export const slowRequestMs = 1000;

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request's line and its level: failures at error, a slow request at warn, client errors and
 * writes at info, reads at debug. An event stream is open for as long as its page is, so its line
 * says it closed rather than reading as a slow request.
 */
export const requestLine = ({
  method,
  url,
  statusCode,
  responseTime,
  isEventStream,
}: {
  method: string;
  url: string;
  statusCode: number;
  responseTime: number;
  isEventStream: boolean;
}): { level: TLineLevel; line: string } => {
  if (isEventStream && statusCode < 400)
    return {
      level: 'debug',
      line: `${method} ${url} event stream closed after ${Math.round(responseTime / 1000)} s`,
    };
  const line = `${method} ${url} ${statusCode} ${responseTime} ms`;
  if (statusCode >= 500) return { level: 'error', line };
  if (responseTime >= slowRequestMs) return { level: 'warn', line: `${line} (slow)` };
  if (statusCode >= 400 || !readMethods.has(method)) return { level: 'info', line };
  return { level: 'debug', line };
};

/** How a request's line names its address: the path and query, with token values replaced. */
type TRedactUrl = (url: string) => string;

export const registerRequestLog = (app: FastifyInstance, redactUrl: TRedactUrl) => {
  // A callback hook, not an async one, and nothing built for a line the level drops: this runs
  // on every request, the hottest path there is.
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    // Probes arrive every few seconds from every load balancer: a failing one is worth a line.
    const isQuietProbe = healthPaths.has(request.url) && reply.statusCode < 400;
    if (
      isQuietProbe ||
      !mayBeWorthALine(request.method, reply.statusCode, reply.elapsedTime, request.log.level)
    ) {
      done();
      return;
    }
    const responseTime = Math.round(reply.elapsedTime);
    const contentType = reply.getHeader('content-type');
    const { level, line } = requestLine({
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime,
      isEventStream: typeof contentType === 'string' && contentType.startsWith('text/event-stream'),
    });
    if (isWritten(request.log.level, level))
      request.log[level]({ req: request, res: { statusCode: reply.statusCode }, responseTime }, line);
    done();
  });
};

/** Cheap first answer for the common case, a quick successful read at info: no line to build. */
const mayBeWorthALine = (method: string, statusCode: number, elapsed: number, loggerLevel: string) =>
  statusCode >= 400 ||
  elapsed >= slowRequestMs ||
  !readMethods.has(method) ||
  isWritten(loggerLevel, 'debug');

/**
 * The stream a `pretty` server logs to: one readable line per entry, time first, no JSON. Loaded
 * only then, so a server writing JSON never holds the formatter.
 */
export const openPrettyLogStream = async (destination: NodeJS.WritableStream = process.stdout) => {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    sync: true,
    colorize: destination === process.stdout && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
};
