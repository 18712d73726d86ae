import {
  type TCompanyListQuery,
  type TListMeta,
  type TPermission,
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
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import type { TAuditActor } from '../../../platform/events/audit.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createBusinessTypesService, createReceivingLocationsService } from './service.ts';

// Business types (/type) and receiving locations (/receivinglocation): the same five routes each,
// over a service of their own, declared once below for both.

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const ZIdParams = z.object({ id: z.uuid('must be an id') }).strict();
const ZDeleted = dataOf(z.object({ deleted: z.literal(true) }));

/** What the five routes call; the service checks rights, writes audit entries and shapes rows. */
type TCompanyListRouteService<TInput, TUpdate> = {
  list: (auth: TAuthContext, query: TCompanyListQuery) => Promise<{ data: unknown[]; meta: TListMeta }>;
  get: (auth: TAuthContext, id: string) => Promise<unknown>;
  create: (auth: TAuthContext, actor: TAuditActor, input: TInput) => Promise<unknown>;
  update: (auth: TAuthContext, actor: TAuditActor, id: string, changes: TUpdate) => Promise<unknown>;
  remove: (auth: TAuthContext, actor: TAuditActor, id: string) => Promise<{ deleted: true }>;
};

type TCompanyListResource<TInput, TUpdate> = {
  path: string;
  /** How the API reference names one entry ("a business type") and several ("business types"). */
  nouns: { one: string; many: string };
  read: TPermission;
  write: TPermission;
  item: z.ZodType;
  input: z.ZodType<TInput>;
  update: z.ZodType<TUpdate>;
  service: TCompanyListRouteService<TInput, TUpdate>;
};

/**
 * The body as the route's zod schema left it: the validator replaces `request.body` with the
 * schema's output, but the type provider cannot carry that type through a generic route.
 */
const validatedBody = <T>(_schema: z.ZodType<T>, body: unknown) => body as T;

const registerCompanyListResource = <TInput, TUpdate>(
  app: FastifyInstance,
  { path, nouns, read, write, item, input, update, service }: TCompanyListResource<TInput, TUpdate>,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    path,
    {
      config: { permission: read },
      schema: {
        summary: `List ${nouns.many}`,
        querystring: ZCompanyListQuery,
        response: { 200: listOf(item), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.get(
    `${path}/:id`,
    {
      config: { permission: read },
      schema: { summary: `Get ${nouns.one}`, params: ZIdParams, response: { 200: dataOf(item), ...errors } },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.post(
    path,
    {
      config: { permission: write },
      schema: { summary: `Create ${nouns.one}`, body: input, response: { 201: dataOf(item), ...errors } },
    },
    async (request, reply) => {
      const created = await service.create(
        request.caller,
        request.auditActor,
        validatedBody(input, request.body),
      );
      return reply.status(201).send({ data: created });
    },
  );
  routes.patch(
    `${path}/:id`,
    {
      config: { permission: write },
      schema: {
        summary: `Update ${nouns.one}`,
        params: ZIdParams,
        body: update,
        response: { 200: dataOf(item), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        request.caller,
        request.auditActor,
        request.params.id,
        validatedBody(update, request.body),
      ),
    }),
  );
  routes.delete(
    `${path}/:id`,
    {
      config: { permission: write },
      schema: { summary: `Delete ${nouns.one}`, params: ZIdParams, response: { 200: ZDeleted, ...errors } },
    },
    async (request) => ({
      data: await service.remove(request.caller, request.auditActor, request.params.id),
    }),
  );
};

export const registerCompanyListRoutes = async (app: FastifyInstance) => {
  // Business types: picklists:read to see them, picklists:write to edit.
  registerCompanyListResource(app, {
    path: '/type',
    nouns: { one: 'a business type', many: 'business types' },
    read: 'picklists:read',
    write: 'picklists:write',
    item: ZBusinessType,
    input: ZBusinessTypeInput,
    update: ZBusinessTypeUpdate,
    service: createBusinessTypesService(app.database),
  });
  // Receiving locations: places, with the ports (ports:read/write).
  registerCompanyListResource(app, {
    path: '/receivinglocation',
    nouns: { one: 'a receiving location', many: 'receiving locations' },
    read: 'ports:read',
    write: 'ports:write',
    item: ZReceivingLocation,
    input: ZReceivingLocationInput,
    update: ZReceivingLocationUpdate,
    service: createReceivingLocationsService(app.database),
  });
};
