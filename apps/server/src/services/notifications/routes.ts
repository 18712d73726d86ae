import {
  ZAnnouncementRequest,
  ZAnnouncementResult,
  ZMarkNotificationsRequest,
  ZNotification,
  ZNotificationIdParams,
  ZNotificationListQuery,
  ZStreamQuery,
  ZUpdateNotificationRequest,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dataOf, listOf, signedInErrors, streamedResponse, ZErrorBody } from '../../platform/http/http.ts';
import { subscribeNotifications } from './catalogue.ts';
import { createNotificationsService } from './service.ts';
import { createStreamHub, defaultStreamHubOptions, type TStreamHubOptions } from './stream-hub.ts';

export type TNotificationsOptions = { stream?: Partial<TStreamHubOptions> };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;

/**
 * notifications (docs/architecture.md): the signed-in user's notifications, their live stream, and the admin's
 * announcement to the company. Notifications are the caller's own: no permission beyond sign-in.
 */
export const registerNotificationsRoutes = async (
  app: FastifyInstance,
  options: TNotificationsOptions = {},
) => {
  subscribeNotifications(app.domainEvents, app.events, {
    enqueue: (mail, db) => app.mailer.enqueue(mail, db),
    appUrl: app.config.publicUrl,
  });
  const service = createNotificationsService({ db: app.database.db, events: app.events });
  const hub = createStreamHub({
    db: app.database.db,
    bus: app.events,
    logger: app.log.child({ module: 'notify-stream' }),
    options: { ...defaultStreamHubOptions, ...options.stream },
  });
  // Streams never finish on their own: end them first, so shutdown does not wait for them.
  app.addHook('preClose', async () => hub.closeAll());
  app.decorate('notificationStreams', { size: hub.size });

  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/notifications',
    {
      schema: {
        summary: 'List my notifications',
        querystring: ZNotificationListQuery,
        response: { 200: listOf(ZNotification), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );

  routes.patch(
    '/notifications/:id',
    {
      schema: {
        summary: 'Mark a notification read or unread',
        params: ZNotificationIdParams,
        body: ZUpdateNotificationRequest,
        response: { 200: dataOf(ZNotification), ...errors },
      },
    },
    async (request) => ({ data: await service.markOneLoaded(request.caller, request.params.id) }),
  );

  routes.post(
    '/notifications/mark-read',
    {
      schema: {
        summary: 'Mark notifications read',
        body: ZMarkNotificationsRequest,
        response: { 200: dataOf(z.object({ ids: z.array(z.string()) })), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => ({ data: await service.markRead(request.caller, request.body.ids) }),
  );

  routes.post(
    '/announcements',
    {
      config: { permission: 'company:write' },
      schema: {
        summary: 'Announce to the company',
        body: ZAnnouncementRequest,
        response: { 201: dataOf(ZAnnouncementResult), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.announce({ auth: request.caller, actor: request.auditActor }, request.body),
      }),
  );

  routes.get(
    '/stream',
    {
      schema: {
        summary: 'Open the live event stream',
        querystring: ZStreamQuery,
        response: {
          200: streamedResponse('text/event-stream', 'Server-sent events: notifications and change signals'),
          ...signedInErrors,
          400: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = request.caller;
      const header = request.headers['last-event-id'];
      const given = (Array.isArray(header) ? header[0] : header)?.trim() || request.query.lastEventId;
      if (given !== undefined && !uuidPattern.test(given)) {
        throw new AppError('VALIDATION_FAILED', 'Invalid headers: Last-Event-ID must be a notification id', {
          fields: [{ field: 'last-event-id', message: 'must be a notification id' }],
        });
      }
      reply.hijack();
      await hub.open({
        raw: reply.raw,
        headers: reply.getHeaders(),
        companyId: auth.companyId,
        userId: auth.userId,
        sessionId: auth.sessionId,
        ...(given ? { lastEventId: given.toLowerCase() } : {}),
      });
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    notificationStreams: { size: () => number };
  }
}
