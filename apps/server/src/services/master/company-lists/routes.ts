import {
  ZBusinessType,
  ZBusinessTypeInput,
  ZBusinessTypeUpdate,
  ZCompanyListQuery,
  ZReceivingLocation,
  ZReceivingLocationInput,
  ZReceivingLocationUpdate,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../../platform/audit.ts';
import { requireAuth } from '../../../platform/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http.ts';
import { createBusinessTypesService, createReceivingLocationsService } from './service.ts';

// Business types (/type) and receiving locations (/receivinglocation): the same five routes each,
// over a service of their own.

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const ZIdParams = z.object({ id: z.uuid('must be an id') }).strict();

/** Business types: picklists:read to see them, picklists:write to edit. */
const registerBusinessTypeRoutes = async (app: FastifyInstance) => {
  const service = createBusinessTypesService(app.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/type',
    {
      config: { permission: 'picklists:read' },
      schema: { querystring: ZCompanyListQuery, response: { 200: listOf(ZBusinessType), ...errors } },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );
  routes.get(
    '/type/:id',
    {
      config: { permission: 'picklists:read' },
      schema: { params: ZIdParams, response: { 200: dataOf(ZBusinessType), ...errors } },
    },
    async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
  );
  routes.post(
    '/type',
    {
      config: { permission: 'picklists:write' },
      schema: { body: ZBusinessTypeInput, response: { 201: dataOf(ZBusinessType), ...errors } },
    },
    async (request, reply) => {
      const created = await service.create(requireAuth(request), auditActorOf(request), request.body);
      return reply.status(201).send({ data: created });
    },
  );
  routes.patch(
    '/type/:id',
    {
      config: { permission: 'picklists:write' },
      schema: {
        params: ZIdParams,
        body: ZBusinessTypeUpdate,
        response: { 200: dataOf(ZBusinessType), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        requireAuth(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  routes.delete(
    '/type/:id',
    {
      config: { permission: 'picklists:write' },
      schema: {
        params: ZIdParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({
      data: await service.remove(requireAuth(request), auditActorOf(request), request.params.id),
    }),
  );
};

/** Receiving locations: places, with the ports (ports:read/write). */
const registerReceivingLocationRoutes = async (app: FastifyInstance) => {
  const service = createReceivingLocationsService(app.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/receivinglocation',
    {
      config: { permission: 'ports:read' },
      schema: { querystring: ZCompanyListQuery, response: { 200: listOf(ZReceivingLocation), ...errors } },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );
  routes.get(
    '/receivinglocation/:id',
    {
      config: { permission: 'ports:read' },
      schema: { params: ZIdParams, response: { 200: dataOf(ZReceivingLocation), ...errors } },
    },
    async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
  );
  routes.post(
    '/receivinglocation',
    {
      config: { permission: 'ports:write' },
      schema: { body: ZReceivingLocationInput, response: { 201: dataOf(ZReceivingLocation), ...errors } },
    },
    async (request, reply) => {
      const created = await service.create(requireAuth(request), auditActorOf(request), request.body);
      return reply.status(201).send({ data: created });
    },
  );
  routes.patch(
    '/receivinglocation/:id',
    {
      config: { permission: 'ports:write' },
      schema: {
        params: ZIdParams,
        body: ZReceivingLocationUpdate,
        response: { 200: dataOf(ZReceivingLocation), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        requireAuth(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  routes.delete(
    '/receivinglocation/:id',
    {
      config: { permission: 'ports:write' },
      schema: {
        params: ZIdParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({
      data: await service.remove(requireAuth(request), auditActorOf(request), request.params.id),
    }),
  );
};

export const registerCompanyListRoutes = async (app: FastifyInstance) => {
  await registerBusinessTypeRoutes(app);
  await registerReceivingLocationRoutes(app);
};
