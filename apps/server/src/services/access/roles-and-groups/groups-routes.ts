import {
  ZGroup,
  ZGroupInput,
  ZGroupMembersInput,
  ZGroupUpdate,
  ZGroupWithMembers,
  ZPageQuery,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createGroupsService } from './groups-service.ts';

const ZGroupParams = z.object({ id: z.uuid('must be a group id') }).strict();
const groupErrors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/** Groups of users (`/iamserver/api/v1/groups`): part of managing users, so users:read and users:write. */
export const registerGroupRoutes = async (app: FastifyInstance) => {
  const service = createGroupsService(app.database);
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/groups',
    {
      config: { permission: 'users:read' },
      schema: {
        summary: 'List groups',
        querystring: ZPageQuery,
        response: { 200: listOf(ZGroup), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => service.listGroups(request.caller, request.query),
  );
  routes.get(
    '/groups/:id',
    {
      config: { permission: 'users:read' },
      schema: {
        summary: 'Get a group',
        params: ZGroupParams,
        response: { 200: dataOf(ZGroupWithMembers), ...groupErrors },
      },
    },
    async (request) => ({ data: await service.getGroup(request.caller, request.params.id) }),
  );
  routes.post(
    '/groups',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'Create a group',
        body: ZGroupInput,
        response: { 201: dataOf(ZGroupWithMembers), ...groupErrors },
      },
    },
    async (request, reply) => {
      const group = await service.createGroup(request.caller, request.auditActor, request.body);
      return reply.status(201).send({ data: group });
    },
  );
  routes.patch(
    '/groups/:id',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'Update a group',
        params: ZGroupParams,
        body: ZGroupUpdate,
        response: { 200: dataOf(ZGroupWithMembers), ...groupErrors },
      },
    },
    async (request) => ({
      data: await service.updateGroup(request.caller, request.auditActor, {
        groupId: request.params.id,
        changes: request.body,
      }),
    }),
  );
  routes.put(
    '/groups/:id/members',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'Set a group’s members',
        params: ZGroupParams,
        body: ZGroupMembersInput,
        response: { 200: dataOf(ZGroupWithMembers), ...groupErrors },
      },
    },
    async (request) => ({
      data: await service.setGroupMembers(request.caller, request.auditActor, {
        groupId: request.params.id,
        userIds: request.body.userIds,
      }),
    }),
  );
  routes.delete(
    '/groups/:id',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'Delete a group',
        params: ZGroupParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...groupErrors },
      },
    },
    async (request) => ({
      data: await service.deleteGroup(request.caller, request.auditActor, request.params.id),
    }),
  );
};
