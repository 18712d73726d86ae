import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. They do not depend on the request (no
 * nonces), so computing them again for every response, as a per-request middleware does, only
 * costs time (docs/decisions/007-request-pipeline.md).
 */
export const securityHeadersFor = (options: HelmetOptions) => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

/** Sends the security headers on every response; a route may still replace one (the API reference's CSP). */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeadersFor(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
};
