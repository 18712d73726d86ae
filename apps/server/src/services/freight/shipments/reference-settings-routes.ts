import { ZShipmentReferencePatterns, ZShipmentReferencePatternsInput } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createReferenceSettingsService } from './reference-settings.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;

/** The company's shipment reference patterns: part of the company settings, read with company:read, set with company:write. */
export const registerReferenceSettingsRoutes = async (app: FastifyInstance) => {
  const service = createReferenceSettingsService({ db: app.database.db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/reference-patterns',
    {
      config: { permission: 'company:read' },
      schema: {
        summary: "Get the company's shipment reference pattern per mode and the numbers given",
        response: { 200: dataOf(ZShipmentReferencePatterns), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller) }),
  );
  routes.put(
    '/reference-patterns',
    {
      config: { permission: 'company:write' },
      schema: {
        summary: "Set the company's shipment reference pattern of a mode; the next shipment takes it",
        body: ZShipmentReferencePatternsInput,
        response: { 200: dataOf(ZShipmentReferencePatterns), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.body),
    }),
  );
};
