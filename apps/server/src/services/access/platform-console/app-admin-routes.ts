import {
  appAdminMessages,
  ZAdminCompany,
  ZAdminCompanyListQuery,
  ZAdminCompanyParams,
  ZAdminPlanChange,
  ZAdminStatusChange,
  ZCompanyUser,
  ZGroup,
  ZPageQuery,
  ZPlatformAuditEvent,
  ZPlatformAuditQuery,
  ZRole,
  ZRoleListQuery,
  ZUserListQuery,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createGroupsService } from '../roles-and-groups/groups-service.ts';
import { createRolesService } from '../roles-and-groups/roles-service.ts';
import { createUsersService } from '../users/users-service.ts';
import { createAppAdminService } from './app-admin-service.ts';
import { platformActorOf } from './platform-trail.ts';

// The platform console's API: `/iamserver/api/v1/app-admin/…` and the spec's
// `/iamserver/api/v1/companies/{id}/users|groups|roles`. Open only to the installation's platform
// administrators (docs/security.md "Platform rights"), checked before the input is read.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is the platform console's: only a platform administrator may call it (route matrix). */
    platformAdmin?: true;
  }
}

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;
const changeErrors = { ...errors, 409: ZErrorBody } as const;
const platformOnly = { platformAdmin: true } as const;

/**
 * An onRequest hook, after `authenticate`, for the console's routes: the caller's identity account
 * must hold this installation's platform rights. It runs before the input is read, and before the
 * root hook that would name a token's missing permission, so no one else learns more than that.
 */
export const requirePlatformAdmin = (app: FastifyInstance) => async (request: FastifyRequest) => {
  const { user } = request.caller;
  const isAdmin = await app.identity.admin.isPlatformAdmin(user.identityProject, user.identityUid);
  if (!isAdmin) throw new AppError('FORBIDDEN', appAdminMessages.platformOnly);
};

export const registerAppAdminRoutes = async (app: FastifyInstance) => {
  const service = createAppAdminService({ db: app.database.db, events: app.events, mailer: app.mailer });
  const users = createUsersService({
    db: app.database.db,
    log: app.log.child({ module: 'app-admin' }),
    identityAdmin: app.identity.admin,
    mailer: app.mailer,
    domainEvents: app.domainEvents,
    events: app.events,
    invitesPerCompany: app.rateLimits.invitesPerCompany,
    mailRecipientLimits: app.config.mailRecipientLimits,
  });
  const roles = createRolesService(app.database);
  const groups = createGroupsService(app.database);

  app.addHook('onRequest', authenticate(app));
  app.addHook('onRequest', requirePlatformAdmin(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/app-admin/companies',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: list every company with its plan, status and usage',
        querystring: ZAdminCompanyListQuery,
        response: { 200: listOf(ZAdminCompany), ...errors },
      },
    },
    async (request) => service.listCompanies(request.query),
  );
  routes.get(
    '/app-admin/companies/:id',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: get a company with its plan, status and usage',
        params: ZAdminCompanyParams,
        response: { 200: dataOf(ZAdminCompany), ...errors },
      },
    },
    async (request) => ({ data: await service.getCompany(request.params.id) }),
  );
  routes.patch(
    '/app-admin/companies/:id/plan',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: change a company’s plan or expiry',
        params: ZAdminCompanyParams,
        body: ZAdminPlanChange,
        response: { 200: dataOf(ZAdminCompany), ...changeErrors },
      },
    },
    async (request) => ({
      data: await service.changePlan(platformActorOf(request), request.params.id, request.body),
    }),
  );
  routes.post(
    '/app-admin/companies/:id/suspend',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: suspend a company, telling its admins why',
        params: ZAdminCompanyParams,
        body: ZAdminStatusChange,
        response: { 200: dataOf(ZAdminCompany), ...changeErrors },
      },
    },
    async (request) => {
      // A suspension ends every session of the company, the caller's own and with it their way
      // back into the console: only another platform administrator may suspend it.
      if (request.caller.companyId === request.params.id)
        throw new AppError('CONFLICT', appAdminMessages.ownCompany);
      return {
        data: await service.setStatus(platformActorOf(request), request.params.id, {
          status: 'suspended',
          reason: request.body.reason,
        }),
      };
    },
  );
  routes.post(
    '/app-admin/companies/:id/reactivate',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: reactivate a suspended company',
        params: ZAdminCompanyParams,
        body: ZAdminStatusChange,
        response: { 200: dataOf(ZAdminCompany), ...changeErrors },
      },
    },
    async (request) => ({
      data: await service.setStatus(platformActorOf(request), request.params.id, {
        status: 'active',
        reason: request.body.reason,
      }),
    }),
  );
  routes.get(
    '/app-admin/audit',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: the platform administrators’ own trail',
        querystring: ZPlatformAuditQuery,
        response: { 200: listOf(ZPlatformAuditEvent), ...errors },
      },
    },
    async (request) => service.listPlatformAudit(request.query),
  );

  // A company's people and access, read as its own admins would see them; each read is on the trail.
  routes.get(
    '/companies/:id/users',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: list a company’s users',
        params: ZAdminCompanyParams,
        querystring: ZUserListQuery,
        response: { 200: listOf(ZCompanyUser), ...errors },
      },
    },
    async (request) => {
      await service.recordView(platformActorOf(request), request.params.id, 'users');
      return users.listUsers({ companyId: request.params.id }, request.query);
    },
  );
  routes.get(
    '/companies/:id/groups',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: list a company’s groups',
        params: ZAdminCompanyParams,
        querystring: ZPageQuery,
        response: { 200: listOf(ZGroup), ...errors },
      },
    },
    async (request) => {
      await service.recordView(platformActorOf(request), request.params.id, 'groups');
      return groups.listGroups({ companyId: request.params.id }, request.query);
    },
  );
  routes.get(
    '/companies/:id/roles',
    {
      config: platformOnly,
      schema: {
        summary: 'Platform: list a company’s roles',
        params: ZAdminCompanyParams,
        querystring: ZRoleListQuery,
        response: { 200: listOf(ZRole), ...errors },
      },
    },
    async (request) => {
      await service.recordView(platformActorOf(request), request.params.id, 'roles');
      return roles.listRoles({ companyId: request.params.id }, request.query);
    },
  );
};
