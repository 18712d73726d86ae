import {
  ZDropdownGroup,
  ZDropdownQuery,
  ZPicklistGroup,
  ZPicklistGroupInput,
  ZPicklistGroupsQuery,
  ZPicklistGroupUpdate,
  ZPicklistOrderInput,
  ZPicklistValueInput,
  ZPicklistValueUpdate,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { notModified, replyWithReference, toReference } from '../reference/cached-reference.ts';
import { createPicklistsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const ZGroupParams = z.object({ id: z.uuid('must be a picklist id') }).strict();
const ZValueParams = z.object({ id: z.uuid('must be a picklist value id') }).strict();
const deleted = dataOf(z.object({ deleted: z.literal(true) }));

/** Picklists (docs/product.md §7 /dropdown-groups, /dropdown/): picklists:read to see them, picklists:write to edit. */
export const registerPicklistRoutes = async (app: FastifyInstance) => {
  const service = createPicklistsService(app.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The company's picklists of a module as the app loads them at start-up: any signed-in user.
  routes.get(
    '/dropdown',
    {
      schema: {
        summary: 'List picklist values',
        querystring: ZDropdownQuery,
        response: {
          200: dataOf(z.array(ZDropdownGroup)),
          400: ZErrorBody,
          ...notModified,
          ...signedInErrors,
        },
      },
    },
    async (request, reply) =>
      replyWithReference(
        request,
        reply,
        toReference(await service.startupLists(request.caller, request.query.module)),
      ),
  );

  routes.get(
    '/dropdown-groups',
    {
      config: { permission: 'picklists:read' },
      schema: {
        summary: 'List picklists',
        querystring: ZPicklistGroupsQuery,
        response: { 200: dataOf(z.array(ZPicklistGroup)), ...errors },
      },
    },
    async (request) => ({ data: await service.listGroups(request.caller, request.query.module) }),
  );
  routes.post(
    '/dropdown-groups',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Create a picklist',
        body: ZPicklistGroupInput,
        response: { 201: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request, reply) => {
      const group = await service.createGroup(request.caller, request.auditActor, request.body);
      return reply.status(201).send({ data: group });
    },
  );
  routes.patch(
    '/dropdown-groups/:id',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Update a picklist',
        params: ZGroupParams,
        body: ZPicklistGroupUpdate,
        response: { 200: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateGroup(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body.label,
      ),
    }),
  );
  routes.delete(
    '/dropdown-groups/:id',
    {
      config: { permission: 'picklists:write' },
      schema: { summary: 'Delete a picklist', params: ZGroupParams, response: { 200: deleted, ...errors } },
    },
    async (request) => ({
      data: await service.deleteGroup(request.caller, request.auditActor, request.params.id),
    }),
  );
  routes.post(
    '/dropdown-groups/:id/values',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Add a picklist value',
        params: ZGroupParams,
        body: ZPicklistValueInput,
        response: { 201: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request, reply) => {
      const group = await service.addValue(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: group });
    },
  );
  routes.put(
    '/dropdown-groups/:id/order',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Reorder a picklist’s values',
        params: ZGroupParams,
        body: ZPicklistOrderInput,
        response: { 200: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request) => ({
      data: await service.reorder(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.patch(
    '/dropdown/:id',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Update a picklist value',
        params: ZValueParams,
        body: ZPicklistValueUpdate,
        response: { 200: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateValue(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/dropdown/:id',
    {
      config: { permission: 'picklists:write' },
      schema: {
        summary: 'Delete a picklist value',
        params: ZValueParams,
        response: { 200: dataOf(ZPicklistGroup), ...errors },
      },
    },
    async (request) => ({
      data: await service.deleteValue(request.caller, request.auditActor, request.params.id),
    }),
  );
};
