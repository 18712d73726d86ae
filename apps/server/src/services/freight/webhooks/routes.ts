import {
  ZWebhookDelivery,
  ZWebhookDeliveryParams,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointInput,
  ZWebhookEndpointParams,
  ZWebhookEndpointUpdate,
  ZWebhookEndpointWithSecret,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSealer } from '../../../platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { webhookSecretKeyName } from './plugin.ts';
import { createWebhooksService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const permission = { permission: 'webhooks:write' } as const;

/**
 * The company's webhook endpoints and their delivery log (docs/decisions/052-webhooks.md), under
 * /freightserver/api/v1/webhooks: all need webhooks:write (and shipments:read, checked next).
 */
export const registerWebhookRoutes = async (app: FastifyInstance) => {
  const service = createWebhooksService({
    db: app.database.db,
    sealer: createSealer(await getOrCreateSecret(app.database.db, webhookSecretKeyName)),
    policy: app.config.webhooks,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/webhooks/endpoints',
    {
      config: permission,
      schema: {
        summary: "List the company's webhook endpoints (at most 20)",
        response: { 200: dataOf(z.array(ZWebhookEndpoint)), ...errors },
      },
    },
    async (request) => ({ data: await service.list(request.caller) }),
  );
  routes.post(
    '/webhooks/endpoints',
    {
      config: permission,
      schema: {
        summary:
          'Register an https endpoint for the event types it wants; the answer shows its signing secret, once',
        body: ZWebhookEndpointInput,
        response: { 201: dataOf(ZWebhookEndpointWithSecret), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.patch(
    '/webhooks/endpoints/:id',
    {
      config: permission,
      schema: {
        summary: "Change an endpoint's address, event types, description or whether it is active",
        params: ZWebhookEndpointParams,
        body: ZWebhookEndpointUpdate,
        response: { 200: dataOf(ZWebhookEndpoint), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/webhooks/endpoints/:id',
    {
      config: permission,
      schema: {
        summary: 'Delete an endpoint with its queued deliveries and its log',
        params: ZWebhookEndpointParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.caller, request.auditActor, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
  routes.post(
    '/webhooks/endpoints/:id/secret',
    {
      config: permission,
      schema: {
        summary: "Rotate an endpoint's signing secret; the answer shows the new one, once",
        params: ZWebhookEndpointParams,
        response: { 200: dataOf(ZWebhookEndpointWithSecret), ...errors },
      },
    },
    async (request) => ({
      data: await service.rotateSecret(request.caller, request.auditActor, request.params.id),
    }),
  );
  routes.get(
    '/webhooks/endpoints/:id/deliveries',
    {
      config: permission,
      schema: {
        summary: "An endpoint's delivery log, newest first, each delivery with its attempts",
        params: ZWebhookEndpointParams,
        querystring: ZWebhookDeliveryQuery,
        response: { 200: listOf(ZWebhookDelivery), ...errors },
      },
    },
    async (request) => service.deliveries(request.caller, request.params.id, request.query),
  );
  routes.post(
    '/webhooks/endpoints/:id/deliveries/:deliveryId/replay',
    {
      config: permission,
      schema: {
        summary: 'Send a delivery again, under the same Webhook-Id',
        params: ZWebhookDeliveryParams,
        response: { 202: dataOf(ZWebhookDelivery), ...errors },
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      const data = await service.replay(request.caller, request.auditActor, id, deliveryId);
      return reply.code(202).send({ data });
    },
  );
};
