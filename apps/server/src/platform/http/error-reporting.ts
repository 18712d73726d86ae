import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { BaseTransportOptions, TransportMakeRequestResponse } from '@sentry/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactRequestUrl } from './redact-request-url.ts';

/** Sends one server error to the error-reporting service, tagged with its request id. */
export type TReportsError = (error: Error, request: FastifyRequest) => void;

/**
 * Posts each envelope to the DSN's ingest over a kept-alive connection, through the proxy that
 * HTTPS_PROXY, HTTP_PROXY and NO_PROXY (in either case) name when set, as Sentry's own server transport does
 * (docs/decisions/036-driver-seam-and-lighter-install.md).
 */
const makeIngestTransport =
  (createTransport: typeof import('@sentry/core').createTransport) => (options: BaseTransportOptions) => {
    const url = new URL(options.url);
    const { request, Agent } = url.protocol === 'https:' ? https : http;
    const agent = new Agent({ keepAlive: true, maxSockets: 30, timeout: 2000, proxyEnv: process.env });
    const post = (body: string | Uint8Array, canRetry: boolean): Promise<TransportMakeRequestResponse> =>
      new Promise((resolve, reject) => {
        const sent = request(url, { method: 'POST', agent, headers: options.headers }, (response) => {
          response.resume();
          const rateLimits = response.headers['x-sentry-rate-limits'];
          resolve({
            statusCode: response.statusCode,
            headers: {
              'retry-after': response.headers['retry-after'] ?? null,
              'x-sentry-rate-limits': (Array.isArray(rateLimits) ? rateLimits[0] : rateLimits) ?? null,
            },
          });
        });
        sent.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive connection the ingest closed meanwhile: once more, on a new one.
          if (canRetry && sent.reusedSocket && error.code === 'ECONNRESET') resolve(post(body, false));
          else reject(error);
        });
        sent.end(body);
      });
    return createTransport(options, (envelope) => post(envelope.body, true));
  };

/**
 * docs/product.md §1 error reporting, server side: with SENTRY_DSN set, each 5xx goes to that DSN
 * (Sentry, self-hosted Sentry or GlitchTip) with the request id the response carries, so an
 * operator finds the log line and the report of one failure from either. Without it nothing is
 * loaded or sent. Sentry's core client rather than its Node SDK (decision 036): no global state, no
 * automatic instrumentation of every module (which would cost each request time, docs/decisions/007),
 * one client per app so that tests can run apps side by side, and a small install.
 */
export const createServerErrorReporter = async (app: FastifyInstance): Promise<TReportsError | undefined> => {
  const { serverDsn, environment } = app.config.integrations.errorReporting;
  if (!serverDsn) return undefined;
  // Loaded only when configured.
  const [Sentry, { ServerRuntimeClient, nodeStackLineParser }] = await Promise.all([
    import('@sentry/core'),
    import('@sentry/core/server'),
  ]);
  const options = {
    dsn: serverDsn,
    environment,
    transport: makeIngestTransport(Sentry.createTransport),
    stackParser: Sentry.createStackParser(nodeStackLineParser()),
    integrations: [],
    // What the Node SDK's client adds to each event: the platform, the runtime and the host's name.
    platform: 'node',
    runtime: { name: 'node', version: process.version },
    serverName: process.env.SENTRY_NAME || os.hostname(),
  };
  Sentry.applySdkMetadata(options, 'node');
  const client = new ServerRuntimeClient(options);
  client.init();
  app.addHook('onClose', async () => {
    await client.close(2000);
  });

  return (error, request) => {
    const scope = new Sentry.Scope();
    scope.setClient(client);
    // Only what is set here goes out (no integrations read the request): never the users' addresses,
    // cookies or bodies. The request id leads to the rest in our logs.
    scope.setTag('request_id', request.id);
    scope.setContext('request', {
      request_id: request.id,
      method: request.method,
      // The path only, and no tracking token in it: query strings and a tracking link's path
      // carry credentials (redact-request-url.ts).
      path: redactRequestUrl(request.url.split('?')[0] ?? '/'),
    });
    if (request.auth?.companyId) scope.setTag('company_id', request.auth.companyId);
    client.captureException(error, { originalException: error }, scope);
  };
};
