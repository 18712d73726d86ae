import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Sends one server error to the error-reporting service, tagged with its request id. */
export type TReportServerError = (error: Error, request: FastifyRequest) => void;

/**
 * docs/product.md §1 error reporting, server side: with SENTRY_DSN set, each 5xx goes to that DSN
 * (Sentry, self-hosted Sentry or GlitchTip) with the request id the response carries, so an
 * operator finds the log line and the report of one failure from either. Without it nothing is
 * loaded or sent. A client of our own rather than `Sentry.init`: no global state, no automatic
 * instrumentation of every module (which would cost each request time, docs/decisions/007), one
 * client per app so that tests can run apps side by side.
 */
export const createServerErrorReporter = async (
  app: FastifyInstance,
): Promise<TReportServerError | undefined> => {
  const { serverDsn, environment } = app.config.integrations.errorReporting;
  if (!serverDsn) return undefined;
  // Loaded only when configured: the SDK takes most of a second to import.
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: serverDsn,
    environment,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
  });
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
      // The path only: query strings may carry credentials (app.ts redactRequestUrl).
      path: request.url.split('?')[0] ?? '/',
    });
    if (request.auth?.companyId) scope.setTag('company_id', request.auth.companyId);
    client.captureException(error, { originalException: error }, scope);
  };
};
