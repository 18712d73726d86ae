import {
  ZShipment,
  ZShipmentBookingMove,
  ZShipmentCargo,
  ZShipmentCounts,
  ZShipmentCountsQuery,
  ZShipmentCreate,
  ZShipmentIdParams,
  ZShipmentListQuery,
  ZShipmentMasterLink,
  ZShipmentSummary,
  ZShipmentUpdate,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createLocationLookup } from '../../master-data/public.ts';
import { createShipmentsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/**
 * Shipments: reading needs shipments:read; creating, changing, moving the booking, replacing the
 * cargo and consolidating under a master shipments:write.
 */
export const registerShipmentRoutes = async (app: FastifyInstance) => {
  const service = createShipmentsService({
    db: app.database.db,
    locations: createLocationLookup(app.changes),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'shipments:read' } as const;
  const write = { permission: 'shipments:write' } as const;

  routes.get(
    '/shipments',
    {
      config: read,
      schema: {
        summary: 'List shipments: a page, searched, filtered and sorted',
        querystring: ZShipmentListQuery,
        response: { 200: listOf(ZShipmentSummary), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.get(
    '/shipments/counts',
    {
      config: read,
      schema: {
        summary:
          'Count shipments for the dashboard: arriving and departing this week, late, and by booking status',
        querystring: ZShipmentCountsQuery,
        response: { 200: dataOf(ZShipmentCounts), ...errors },
      },
    },
    async (request) => ({ data: await service.counts(request.caller) }),
  );
  routes.get(
    '/shipments/:id',
    {
      config: read,
      schema: {
        summary: 'Get a shipment with its parties and routing',
        params: ZShipmentIdParams,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.post(
    '/shipments',
    {
      config: write,
      schema: {
        summary: 'Create a shipment; its reference comes from the company’s sequence',
        body: ZShipmentCreate,
        response: { 201: dataOf(ZShipment), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.patch(
    '/shipments/:id',
    {
      config: write,
      schema: {
        summary: 'Change a shipment’s fields or parties (its mode and reference stay)',
        params: ZShipmentIdParams,
        body: ZShipmentUpdate,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.post(
    '/shipments/:id/booking-status',
    {
      config: write,
      schema: {
        summary: 'Move the booking to another DCSA Booking 2.0 status (only its legal moves)',
        params: ZShipmentIdParams,
        body: ZShipmentBookingMove,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({
      data: await service.moveBooking(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body.status,
      ),
    }),
  );
  routes.put(
    '/shipments/:id/cargo',
    {
      config: write,
      schema: {
        summary:
          'Replace the cargo lines and containers (ISO 6346 numbers verified, each once in the shipment)',
        params: ZShipmentIdParams,
        body: ZShipmentCargo,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({
      data: await service.replaceCargo(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.put(
    '/shipments/:id/master',
    {
      config: write,
      schema: {
        summary:
          'Consolidate the shipment as a house under a master of its mode, or move it to another master',
        params: ZShipmentIdParams,
        body: ZShipmentMasterLink,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({
      data: await service.attachToMaster(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body.masterId,
      ),
    }),
  );
  routes.delete(
    '/shipments/:id/master',
    {
      config: write,
      schema: {
        summary: 'Detach a house from its master: it becomes a direct shipment',
        params: ZShipmentIdParams,
        response: { 200: dataOf(ZShipment), ...errors },
      },
    },
    async (request) => ({
      data: await service.detachFromMaster(request.caller, request.auditActor, request.params.id),
    }),
  );
};
