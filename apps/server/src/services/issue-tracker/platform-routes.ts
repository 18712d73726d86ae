import {
  ZIssueCommentCreate,
  ZIssueIdParams,
  ZIssueListQuery,
  ZPlatformIssue,
  ZPlatformIssueSummary,
  ZPlatformIssueUpdate,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../platform/http/http.ts';
import { platformActorOf, requirePlatformAdmin } from '../access/public.ts';
import { createPlatformIssueService } from './platform-service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
/** Marks each route as the platform console's, for the route matrix and the API reference. */
const platformOnly = { platformAdmin: true } as const;

/**
 * The platform console's issues (/iamserver/api/v1/app-admin/issues): every company's, for
 * Cargodesk support. Only a platform admin passes, checked before input validation as a
 * permission is, so anyone else learns nothing about the routes' input rules.
 */
export const registerPlatformIssueRoutes = async (app: FastifyInstance) => {
  const service = createPlatformIssueService({ db: app.database.db, events: app.domainEvents });
  app.addHook('onRequest', authenticate(app));
  app.addHook('onRequest', requirePlatformAdmin(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/app-admin/issues',
    {
      config: platformOnly,
      schema: {
        summary: 'List every company’s issues (platform admins)',
        querystring: ZIssueListQuery,
        response: { 200: listOf(ZPlatformIssueSummary), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
  routes.get(
    '/app-admin/issues/:id',
    {
      config: platformOnly,
      schema: {
        summary: 'Get any company’s issue (platform admins)',
        params: ZIssueIdParams,
        response: { 200: dataOf(ZPlatformIssue), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );
  routes.patch(
    '/app-admin/issues/:id',
    {
      config: platformOnly,
      schema: {
        summary: 'Answer an issue as Cargodesk support: status and comment',
        params: ZIssueIdParams,
        body: ZPlatformIssueUpdate,
        response: { 200: dataOf(ZPlatformIssue), ...errors },
      },
    },
    async (request) => ({
      data: await service.answer(platformActorOf(request), request.params.id, request.body),
    }),
  );
  routes.post(
    '/app-admin/issues/:id/comments',
    {
      config: platformOnly,
      schema: {
        summary: 'Comment on an issue as Cargodesk support',
        params: ZIssueIdParams,
        body: ZIssueCommentCreate,
        response: { 201: dataOf(ZPlatformIssue), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.comment(platformActorOf(request), request.params.id, request.body),
      }),
  );
};
