import {
  ZAdminPasswordReset,
  ZAdminPasswordResetResult,
  ZBulkUsersRequest,
  ZCompanyUser,
  ZInviteUserRequest,
  ZUpdateUserRequest,
  ZUserGroupsRequest,
  ZUserIdParams,
  ZUserListQuery,
  ZUserRolesRequest,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createPasswordResetService } from './password-reset-service.ts';
import { createUsersService, type TUsersCaller } from './users-service.ts';

const userErrors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;
const changeErrors = { ...userErrors, 409: ZErrorBody } as const;

/** Users management under /iamserver/api/v1/users: read with users:read, change with users:write. */
export const registerUsersRoutes = async (app: FastifyInstance) => {
  const service = createUsersService({
    db: app.database.db,
    log: app.log.child({ module: 'users' }),
    identityAdmin: app.identity.admin,
    mailer: app.mailer,
    domainEvents: app.domainEvents,
    events: app.events,
    invitesPerCompany: app.rateLimits.invitesPerCompany,
    mailRecipientLimits: app.config.mailRecipientLimits,
  });
  const passwordResets = createPasswordResetService({
    db: app.database.db,
    identityAdmin: app.identity.admin,
    mailer: app.mailer,
    resetsPerUser: app.rateLimits.adminPasswordResetsPerUser,
  });
  const callerOf = (request: FastifyRequest): TUsersCaller => ({
    auth: request.caller,
    actor: request.auditActor,
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(app));
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/users',
      {
        config: { permission: 'users:read' },
        schema: {
          summary: 'List users',
          querystring: ZUserListQuery,
          response: { 200: listOf(ZCompanyUser), ...signedInErrors, 400: ZErrorBody },
        },
      },
      async (request) => service.listUsers(request.caller, request.query),
    );
    routes.post(
      '/users/invite',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Invite a user',
          body: ZInviteUserRequest,
          response: { 201: dataOf(ZCompanyUser), ...changeErrors, 429: ZErrorBody },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await service.inviteUser(callerOf(request), request.body) }),
    );
    routes.get(
      '/users/:id',
      {
        config: { permission: 'users:read' },
        schema: {
          summary: 'Get a user',
          params: ZUserIdParams,
          response: { 200: dataOf(ZCompanyUser), ...userErrors },
        },
      },
      async (request) => ({ data: await service.getUser(request.caller, request.params.id) }),
    );
    routes.patch(
      '/users/:id',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Update a user',
          params: ZUserIdParams,
          body: ZUpdateUserRequest,
          response: { 200: dataOf(ZCompanyUser), ...userErrors },
        },
      },
      async (request) => ({
        data: await service.updateUser(callerOf(request), request.params.id, request.body),
      }),
    );
    routes.put(
      '/users/:id/roles',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Set a user’s roles',
          params: ZUserIdParams,
          body: ZUserRolesRequest,
          response: { 200: dataOf(ZCompanyUser), ...changeErrors },
        },
      },
      async (request) => ({
        data: await service.setUserRoles(callerOf(request), request.params.id, request.body.roleIds),
      }),
    );
    routes.put(
      '/users/:id/groups',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Set a user’s groups',
          params: ZUserIdParams,
          body: ZUserGroupsRequest,
          response: { 200: dataOf(ZCompanyUser), ...userErrors },
        },
      },
      async (request) => ({
        data: await service.setUserGroups(callerOf(request), request.params.id, request.body.groupIds),
      }),
    );
    routes.post(
      '/auth/reset-pwd',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Mail a user the link to choose a new password',
          description:
            "Mails the user the link to choose a new password, as their own 'forgot password' would. Active users of the caller's company only; three a user an hour.",
          body: ZAdminPasswordReset,
          response: { 200: dataOf(ZAdminPasswordResetResult), ...changeErrors, 429: ZErrorBody },
        },
      },
      async (request) => ({
        data: await passwordResets.sendPasswordReset(callerOf(request), request.body.userId),
      }),
    );
    routes.post(
      '/users/:id/invite/resend',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Send a user’s invitation again',
          params: ZUserIdParams,
          response: { 200: dataOf(ZCompanyUser), ...changeErrors, 429: ZErrorBody },
        },
      },
      async (request) => ({ data: await service.resendInvite(callerOf(request), request.params.id) }),
    );
    routes.post(
      '/users/:id/suspend',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Suspend a user',
          params: ZUserIdParams,
          response: { 200: dataOf(ZCompanyUser), ...changeErrors },
        },
      },
      async (request) => ({ data: await service.suspendUser(callerOf(request), request.params.id) }),
    );
    routes.post(
      '/users/bulk/suspend',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Suspend several users at once',
          body: ZBulkUsersRequest,
          response: { 200: dataOf(z.array(ZCompanyUser)), ...changeErrors },
        },
      },
      async (request) => ({ data: await service.suspendUsers(callerOf(request), request.body.ids) }),
    );
    routes.post(
      '/users/bulk/delete',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Delete several users at once',
          body: ZBulkUsersRequest,
          response: { 200: dataOf(z.array(z.object({ _id: z.string() }))), ...changeErrors },
        },
      },
      async (request) => ({ data: await service.deleteUsers(callerOf(request), request.body.ids) }),
    );
    routes.post(
      '/users/:id/reactivate',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Reactivate a user',
          params: ZUserIdParams,
          response: { 200: dataOf(ZCompanyUser), ...changeErrors },
        },
      },
      async (request) => ({ data: await service.reactivateUser(callerOf(request), request.params.id) }),
    );
    routes.delete(
      '/users/:id',
      {
        config: { permission: 'users:write' },
        schema: {
          summary: 'Delete a user',
          params: ZUserIdParams,
          response: { 200: dataOf(z.object({ _id: z.string() })), ...changeErrors },
        },
      },
      async (request) => ({ data: await service.deleteUser(callerOf(request), request.params.id) }),
    );
  });
};
