import { ZShipmentCharges, ZShipmentChargesInput, ZShipmentIdParams } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../../platform/auth/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createChargesService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;

/**
 * A shipment's buy and sell lines. Reading needs charges:read (margins are not for every Viewer);
 * replacing them needs shipments:write and charges:read too, since the answer, and the lines a
 * writer must send whole, reveal the charges (docs/decisions/043-shipments-model.md).
 */
export const registerChargeRoutes = async (app: FastifyInstance) => {
  const service = createChargesService({ db: app.database.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/shipments/:id/charges',
    {
      config: { permission: 'charges:read' },
      schema: {
        summary: 'Get the buy and sell lines, and revenue, cost and margin in the base currency',
        params: ZShipmentIdParams,
        response: { 200: dataOf(ZShipmentCharges), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.put(
    '/shipments/:id/charges',
    {
      config: { permission: 'shipments:write' },
      // Also charges:read, before the input is read: writing charges reveals them.
      preValidation: requirePermission('charges:read'),
      schema: {
        summary:
          'Replace the buy and sell lines, each with the exchange rate in force on its date (needs charges:read too)',
        params: ZShipmentIdParams,
        body: ZShipmentChargesInput,
        response: { 200: dataOf(ZShipmentCharges), ...errors },
      },
    },
    async (request) => ({
      data: await service.replace(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
};
