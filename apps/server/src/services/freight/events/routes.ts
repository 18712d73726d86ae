import {
  ZDcsaEventQuery,
  ZShipmentEvent,
  ZShipmentEventInput,
  ZShipmentEventParams,
  ZShipmentEventRetraction,
  ZShipmentIdParams,
  ZShipmentTimeline,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createLocationLookup } from '../../master-data/public.ts';
import { findDcsaEvents } from './dcsa-feed.ts';
import { createEventsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/**
 * A shipment's events (docs/decisions/048-shipment-events.md): its timeline needs shipments:read;
 * recording an event or retracting one shipments:write.
 */
export const registerShipmentEventRoutes = async (app: FastifyInstance) => {
  const service = createEventsService({
    db: app.database.db,
    locations: createLocationLookup(app.changes),
    domainEvents: app.domainEvents,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/events',
    {
      config: { permission: 'shipments:read' },
      schema: {
        summary:
          "The company's sea events in DCSA Track & Trace 2.2's shape, oldest recorded first, with DCSA's filters and a cursor",
        querystring: ZDcsaEventQuery,
        response: {
          200: z.object({
            data: z.array(z.record(z.string(), z.unknown())),
            meta: z.object({ limit: z.number().int(), nextCursor: z.string().nullable() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => findDcsaEvents(app.database.db, request.caller, request.query),
  );
  routes.get(
    '/shipments/:id/events',
    {
      config: { permission: 'shipments:read' },
      schema: {
        summary:
          "Get the shipment's timeline: each step's planned, estimated and actual times, and every event newest first",
        params: ZShipmentIdParams,
        response: { 200: dataOf(ZShipmentTimeline), ...errors },
      },
    },
    async (request) => ({ data: await service.timeline(request.caller, request.params.id) }),
  );
  routes.post(
    '/shipments/:id/events',
    {
      config: { permission: 'shipments:write' },
      schema: {
        summary:
          'Record an event: a DCSA Track & Trace code by sea or an IATA status code by air, planned, estimated or actual',
        params: ZShipmentIdParams,
        body: ZShipmentEventInput,
        response: { 201: dataOf(ZShipmentEvent), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.record(request.caller, request.auditActor, request.params.id, request.body);
      return reply.code(201).send({ data });
    },
  );
  routes.post(
    '/shipments/:id/events/:eventId/retraction',
    {
      config: { permission: 'shipments:write' },
      schema: {
        summary: 'Retract an event: a retraction pointing at it is recorded, the event itself is kept',
        params: ZShipmentEventParams,
        body: ZShipmentEventRetraction,
        response: { 201: dataOf(ZShipmentEvent), ...errors },
      },
    },
    async (request, reply) => {
      const { id, eventId } = request.params;
      const data = await service.retract(
        request.caller,
        request.auditActor,
        id,
        eventId,
        request.body.reason,
      );
      return reply.code(201).send({ data });
    },
  );
};
