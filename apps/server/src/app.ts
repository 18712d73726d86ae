import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { registerIdentity } from './identity/identity-plugin.ts';
import { registerMail, type TRegisterMailOptions } from './mail/mail-plugin.ts';
import { registerPdfRendering } from './pdf/pdf-plugin.ts';
import type { TPdfRenderer } from './pdf/pdf-renderer.ts';
import { registerAuthContext } from './platform/auth/auth-context.ts';
import { registerAuditRetention } from './platform/events/audit-retention.ts';
import { registerChangeFeed } from './platform/events/change-feed.ts';
import { registerDomainEvents } from './platform/events/domain-events.ts';
import { registerEventsBus } from './platform/events/events-bus.ts';
import { createFileStore } from './platform/files/file-store.ts';
import { registerFileSweep } from './platform/files/file-sweep.ts';
import { registerApiDocs, registerApiDocsRoutes } from './platform/http/api-docs.ts';
import { registerCompression } from './platform/http/compression.ts';
import { apiOriginsOf, registerCrossOriginApi } from './platform/http/cross-origin-api.ts';
import { createServerErrorReporter } from './platform/http/error-reporting.ts';
import { registerErrorHandling } from './platform/http/errors.ts';
import { registerHealthRoutes } from './platform/http/health.ts';
import { registerInputGuard } from './platform/http/input-guard.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { redactRequestUrl } from './platform/http/redact-request-url.ts';
import { openPrettyLogStream, registerRequestLog } from './platform/http/request-log.ts';
import { registerRouteTable } from './platform/http/route-table.ts';
import { appSecurityHeaderOptionsFor, registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { registerEmbeddedVacuum } from './platform/runtime/embedded-vacuum.ts';
import { registerTenantWork } from './platform/runtime/tenant-work-pool.ts';
import { registerAccessRoutes } from './services/access/routes.ts';
import { registerAuditRoutes } from './services/audit/routes.ts';
import { registerContactsRoutes } from './services/contacts/routes.ts';
import { registerFilesRoutes } from './services/files/routes.ts';
import { registerFreightRoutes, registerWebhookDelivery } from './services/freight/public.ts';
import { registerIssueTracker } from './services/issue-tracker/public.ts';
import { registerMailRoutes } from './services/mail/routes.ts';
import { registerMasterDataRoutes } from './services/master-data/routes.ts';
import { registerNotificationsRoutes, type TNotificationsOptions } from './services/notifications/routes.ts';
import { registerReportsRoutes } from './services/reports/routes.ts';
import { registerTemplatesRoutes } from './services/templates/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export type BuildAppOptions = {
  /** An open, migrated database owned by the caller; otherwise one is opened from config and closed with the app. */
  database?: Database;
  /** Outbox worker tuning; tests shorten its poll and backoff. */
  mail?: TRegisterMailOptions;
  /** Notification stream tuning; tests shorten the heartbeat. */
  notify?: TNotificationsOptions;
  /** Pino logger options merged over the app's own (level, redaction); tests pass false. */
  logger?: false | Record<string, unknown>;
  /** A PDF renderer shared by the caller's apps (tests), instead of one per app. */
  pdf?: TPdfRenderer;
};

/** Fastify's own request serializer, with the URL's credentials redacted. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: redactRequestUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** HSTS tells browsers to use https from then on: meaningless, and misleading, over plain http. */
const hstsHeader = 'max-age=31536000; includeSubDomains';

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export const openConfiguredDatabase = async (config: Config) => {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, timeouts: config.databaseTimeouts })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
};

/** Builds the whole application without listening: `main.ts` listens, tests call `inject()`. */
export const buildApp = async (config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> => {
  const { trustProxy } = config;
  const app = Fastify({
    // docs/product.md §7 names some paths with a trailing slash (/oceanport/, /type/, /receivinglocation/): both forms answer.
    routerOptions: { ignoreTrailingSlash: true },
    // One line per answered request instead (platform/http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: serializeRequest },
            ...(config.logFormat === 'pretty' ? { stream: await openPrettyLogStream() } : {}),
            ...options.logger,
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Let in-flight requests finish on close while new ones are told to go elsewhere.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the client address come from it (rate limits use it).
    // A count of proxies trusts that many hops from the socket inwards, as Fastify does for a number.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLog(app, redactRequestUrl);

  const database = options.database ?? (await openConfiguredDatabase(config));
  app.decorate('config', config);
  registerRouteTable(app);
  // Before every route too: the API reference is built from the routes registered after it.
  await registerApiDocs(app);
  // Before every route: a hook applies only to the routes registered after it.
  registerInputGuard(app);
  app.decorate('database', database);
  app.decorate('fileStore', createFileStore(config));
  registerFileSweep(app);
  registerAuditRetention(app, { retentionDays: config.auditRetentionDays });
  registerEmbeddedVacuum(app);
  if (!options.database) app.addHook('onClose', async () => database.close());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsHeader);
  });
  // Before every route: the preflight answer and the allow headers apply to the routes after it.
  await registerCrossOriginApi(app, config.apiCorsOrigins);
  // Responses that finish during shutdown close their connection, so a keep-alive client
  // cannot hold the server open until its idle timeout.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  registerSecurityHeaders(app, appSecurityHeaderOptionsFor(apiOriginsOf(config.apiBase)));
  // Before every route: the plugin adds its hook to the routes registered after it.
  await registerCompression(app);
  registerErrorHandling(app, { reportServerError: await createServerErrorReporter(app) });
  // Before mail: the outbox worker notifies senders of failed mails through it.
  registerEventsBus(app);
  // Before auth: the caller cache and the port search index drop what a committed change touched.
  registerChangeFeed(app);
  // Modules tell what happened; notifications subscribes when it registers.
  registerDomainEvents(app);
  // Webhooks queue shipment events through the domain events and send them with their own worker.
  await registerWebhookDelivery(app);
  await app.register(registerHealthRoutes);
  // Mail first: identity sends its action mails through the outbox.
  await registerMail(app, options.mail);
  registerPdfRendering(app, options.pdf);
  registerRateLimits(app);
  registerTenantWork(app);
  await registerIdentity(app);
  await registerAuthContext(app);
  // The URL prefixes are the spec's service names, kept here only: the folders are named by domain.
  await app.register(registerAccessRoutes, { prefix: '/iamserver/api/v1' });
  await app.register(registerMasterDataRoutes, { prefix: '/master/api/v1' });
  await app.register(registerAuditRoutes, { prefix: '/logserver/api/v1' });
  await app.register(registerFilesRoutes, { prefix: '/driveserver/api/v1' });
  await app.register(registerMailRoutes, { prefix: '/mailserver/api/v1' });
  await app.register(registerNotificationsRoutes, { prefix: '/notifyserver/api/v1', ...options.notify });
  await app.register(registerTemplatesRoutes, { prefix: '/templateserver/api/v1' });
  await app.register(registerContactsRoutes, { prefix: '/contactserver/api/v1' });
  await app.register(registerReportsRoutes, { prefix: '/reportserver/api/v1' });
  await app.register(registerFreightRoutes, { prefix: '/freightserver/api/v1' });
  // Named in the spec under iamserver, but a module of its own (docs/decisions/017-issue-tracker.md).
  await app.register(registerIssueTracker, { prefix: '/iamserver/api/v1' });
  await registerApiDocsRoutes(app);
  // Last: the SPA answers browser navigations that no route above claimed.
  await registerWebApp(app);

  return app;
};
