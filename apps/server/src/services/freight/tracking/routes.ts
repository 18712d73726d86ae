import {
  ZCreatedTrackingLink,
  ZPublicTracking,
  ZShipmentIdParams,
  ZTrackingLink,
  ZTrackingLinkInput,
  ZTrackingLinkParams,
  ZTrackingTokenParams,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors, streamedResponse, ZErrorBody } from '../../../platform/http/http.ts';
import { createProductGate } from '../../access/public.ts';
import { createLocationLookup } from '../../master-data/public.ts';
import { createEventsService } from '../events/public.ts';
import { freightProductCode } from './product.ts';
import { createTrackingService } from './service.ts';
import {
  createTrackingStreamHub,
  defaultTrackingStreamOptions,
  type TTrackingStreamOptions,
} from './stream-hub.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const publicErrors = { 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody } as const;

export type TTrackingOptions = { stream?: Partial<TTrackingStreamOptions> };

const serviceFor = (app: FastifyInstance) => {
  const events = createEventsService({
    db: app.database.db,
    locations: createLocationLookup(app.changes),
    domainEvents: app.domainEvents,
  });
  const gate = createProductGate({ db: app.database.db, changes: app.changes });
  return createTrackingService({
    db: app.database.db,
    timelineIn: events.timelineIn,
    lookupsPerIp: app.rateLimits.trackingLookupsPerIp,
    hasFreight: async (companyId) => (await gate.findProductCodes(companyId)).includes(freightProductCode),
  });
};

/** Sharing a shipment's tracking: listing its links needs shipments:read, sharing and revoking shipments:write. */
export const registerTrackingLinkRoutes = async (app: FastifyInstance) => {
  const service = serviceFor(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/shipments/:id/tracking-links',
    {
      config: { permission: 'shipments:read' },
      schema: {
        summary: "List the shipment's tracking links, newest first, with whether each still works",
        params: ZShipmentIdParams,
        response: { 200: dataOf(z.array(ZTrackingLink)), ...errors },
      },
    },
    async (request) => ({ data: await service.list(request.caller, request.params.id) }),
  );
  routes.post(
    '/shipments/:id/tracking-links',
    {
      config: { permission: 'shipments:write' },
      schema: {
        summary:
          'Share the shipment: a tracking link that works until it expires or is revoked; its token is shown only here',
        params: ZShipmentIdParams,
        body: ZTrackingLinkInput,
        response: { 201: dataOf(ZCreatedTrackingLink), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.create(request.caller, request.auditActor, request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );
  routes.post(
    '/shipments/:id/tracking-links/:linkId/revocation',
    {
      config: { permission: 'shipments:write' },
      schema: {
        summary: 'Revoke a tracking link: its page and open streams stop working at once',
        params: ZTrackingLinkParams,
        response: { 200: dataOf(ZTrackingLink), ...errors },
      },
    },
    async (request) => ({
      data: await service.revoke(
        request.caller,
        request.auditActor,
        request.params.id,
        request.params.linkId,
      ),
    }),
  );
};

/** Never cached by a browser or proxy, never indexed, never sent on as a referrer: the path is a credential. */
const keepPrivate = (reply: FastifyReply) =>
  reply
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');

/**
 * The public tracking page's reads: no sign-in, the token is the credential. Every way a token can
 * fail is the same 404, each request is counted per address first.
 */
export const registerPublicTrackingRoutes = async (app: FastifyInstance, options: TTrackingOptions = {}) => {
  const service = serviceFor(app);
  const hub = createTrackingStreamHub({
    changes: app.changes,
    viewOf: service.viewOf,
    logger: app.log.child({ module: 'tracking-stream' }),
    options: { ...defaultTrackingStreamOptions, ...options.stream },
  });
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onRequest', async (_request, reply) => {
    keepPrivate(reply);
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/tracking/:token',
    {
      schema: {
        summary: "A shared shipment's public view: route, containers, milestones and expected arrival",
        params: ZTrackingTokenParams,
        response: { 200: dataOf(ZPublicTracking), ...publicErrors },
      },
    },
    async (request) => ({ data: await service.read(request.params.token, request.ip) }),
  );
  routes.get(
    '/tracking/:token/stream',
    {
      schema: {
        summary:
          "A shared shipment's public view, live: sent again whenever it changes, until the link stops working",
        params: ZTrackingTokenParams,
        response: {
          200: streamedResponse('text/event-stream', 'Server-sent events: the view, and the end of the link'),
          ...publicErrors,
        },
      },
    },
    async (request, reply) => {
      const link = await service.openForStream(request.params.token, request.ip);
      reply.hijack();
      await hub.open({ raw: reply.raw, headers: reply.getHeaders(), link });
    },
  );
};
