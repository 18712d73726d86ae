import {
  ZIssue,
  ZIssueCommentCreate,
  ZIssueCreate,
  ZIssueIdParams,
  ZIssueListQuery,
  ZIssueSummary,
  ZIssueUpdate,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../platform/http/http.ts';
import { registerPlatformIssueRoutes } from './platform-routes.ts';
import { createIssueService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/**
 * The issue tracker under /iamserver/api/v1 (docs/decisions/017-issue-tracker.md). Reporting,
 * reading and commenting are every signed-in user's, on the issues they may see; changing one
 * needs issues:write. The platform console's routes are under /app-admin/issues.
 */
export const registerIssueTracker = async (app: FastifyInstance) => {
  await app.register(registerCompanyIssueRoutes);
  await app.register(registerPlatformIssueRoutes);
};

const registerCompanyIssueRoutes = async (app: FastifyInstance) => {
  const service = createIssueService({ db: app.database.db, events: app.domainEvents });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/issue/tracker',
    {
      schema: {
        summary: 'List the issues you may see (yours, or all with issues:write)',
        querystring: ZIssueListQuery,
        response: { 200: listOf(ZIssueSummary), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.get(
    '/issue/tracker/:id',
    {
      schema: {
        summary: 'Get an issue with its comments and attachment',
        params: ZIssueIdParams,
        response: { 200: dataOf(ZIssue), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.post(
    '/issue/tracker',
    {
      schema: {
        summary: 'Report a problem',
        body: ZIssueCreate,
        response: { 201: dataOf(ZIssue), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.patch(
    '/issue/tracker/:id',
    {
      config: { permission: 'issues:write' },
      schema: {
        summary: 'Change an issue’s status, assignee or severity',
        params: ZIssueIdParams,
        body: ZIssueUpdate,
        response: { 200: dataOf(ZIssue), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.post(
    '/issue/tracker/:id/comments',
    {
      schema: {
        summary: 'Comment on an issue',
        params: ZIssueIdParams,
        body: ZIssueCommentCreate,
        response: { 201: dataOf(ZIssue), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.comment(request.caller, request.auditActor, request.params.id, request.body),
      }),
  );
  routes.delete(
    '/issue/tracker/:id',
    {
      schema: {
        summary: 'Delete an issue (its reporter while open, or a manager)',
        params: ZIssueIdParams,
        response: { 200: dataOf(z.object({ _id: z.string() })), ...errors },
      },
    },
    async (request) => ({
      data: await service.remove(request.caller, request.auditActor, request.params.id),
    }),
  );
};
