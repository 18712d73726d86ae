import { ZRole, ZRoleDeleteQuery, ZRoleInput, ZRoleListQuery, ZRoleUpdate } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createRolesService } from './roles-service.ts';

const ZRoleParams = z.object({ id: z.uuid('must be a role id') }).strict();
const roleErrors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/** Roles and their permissions (`/iamserver/api/v1/roles`): read with roles:read, change with roles:write. */
export const registerRoleRoutes = async (app: FastifyInstance) => {
  const service = createRolesService(app.database);
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/roles',
    {
      config: { permission: 'roles:read' },
      schema: {
        summary: 'List roles',
        querystring: ZRoleListQuery,
        response: { 200: listOf(ZRole), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => service.listRoles(request.caller, request.query),
  );
  routes.get(
    '/roles/:id',
    {
      config: { permission: 'roles:read' },
      schema: { summary: 'Get a role', params: ZRoleParams, response: { 200: dataOf(ZRole), ...roleErrors } },
    },
    async (request) => ({ data: await service.getRole(request.caller, request.params.id) }),
  );
  routes.post(
    '/roles',
    {
      config: { permission: 'roles:write' },
      schema: { summary: 'Create a role', body: ZRoleInput, response: { 201: dataOf(ZRole), ...roleErrors } },
    },
    async (request, reply) => {
      const role = await service.createRole(request.caller, request.auditActor, request.body);
      return reply.status(201).send({ data: role });
    },
  );
  routes.patch(
    '/roles/:id',
    {
      config: { permission: 'roles:write' },
      schema: {
        summary: 'Update a role',
        params: ZRoleParams,
        body: ZRoleUpdate,
        response: { 200: dataOf(ZRole), ...roleErrors },
      },
    },
    async (request) => ({
      data: await service.updateRole(request.caller, request.auditActor, {
        roleId: request.params.id,
        changes: request.body,
      }),
    }),
  );
  routes.delete(
    '/roles/:id',
    {
      config: { permission: 'roles:write' },
      schema: {
        summary: 'Delete a role',
        params: ZRoleParams,
        querystring: ZRoleDeleteQuery,
        response: {
          200: dataOf(z.object({ deleted: z.literal(true), reassignedUsers: z.number().int() })),
          ...roleErrors,
        },
      },
    },
    async (request) => ({
      data: await service.deleteRole(request.caller, request.auditActor, {
        roleId: request.params.id,
        reassignTo: request.query.reassignTo,
      }),
    }),
  );
};
