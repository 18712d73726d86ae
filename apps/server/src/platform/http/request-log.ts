import type { FastifyInstance, FastifyRequest } from 'fastify';
import { healthPaths } from './health.ts';

// One line per request, written once it is answered: the method, the address (credentials taken
// out), the status and the time taken. Fastify's own request logging writes two lines (received,
// completed); read by a person, that doubles the noise for nothing a single line does not say.

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
const isWritten = (loggerLevel: string, lineLevel: 'info' | 'error') =>
  (levelValues[lineLevel] ?? 0) >= (levelValues[loggerLevel] ?? Number.POSITIVE_INFINITY);

/** How a request's line names its address: the path and query, with token values replaced. */
type TRedactUrl = (url: string) => string;

export const registerRequestLog = (app: FastifyInstance, redactUrl: TRedactUrl) => {
  // A callback hook, not an async one, and nothing built for a line the level drops: this runs
  // on every request, the hottest path there is.
  app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    const isFailure = reply.statusCode >= 500;
    // Probes arrive every few seconds from every load balancer: a failing one is worth a line.
    const isQuietProbe = healthPaths.has(request.url) && reply.statusCode < 400;
    if (isQuietProbe || !isWritten(request.log.level, isFailure ? 'error' : 'info')) {
      done();
      return;
    }
    const responseTime = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${responseTime} ms`;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime };
    if (isFailure) request.log.error(fields, line);
    else request.log.info(fields, line);
    done();
  });
};

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
