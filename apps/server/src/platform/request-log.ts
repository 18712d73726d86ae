import type { FastifyInstance, FastifyRequest } from 'fastify';
import { healthPaths } from './health.ts';

// One line per request, written once it is answered: the method, the address (credentials taken
// out), the status and the time taken. Fastify's own request logging writes two lines (received,
// completed); read by a person, that doubles the noise for nothing a single line does not say.

export type TLogFormat = 'pretty' | 'json';

/** How a request's line names its address: the path and query, with token values replaced. */
type TRedactUrl = (url: string) => string;

export const registerRequestLog = (app: FastifyInstance, redactUrl: TRedactUrl) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply) => {
    // Probes arrive every few seconds from every load balancer: a failing one is worth a line.
    if (healthPaths.has(request.url) && reply.statusCode < 400) return;
    const url = redactUrl(request.url);
    const responseTime = Math.round(reply.elapsedTime);
    const line = `${request.method} ${url} ${reply.statusCode} ${responseTime} ms`;
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime };
    if (reply.statusCode >= 500) request.log.error(fields, line);
    else request.log.info(fields, line);
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
