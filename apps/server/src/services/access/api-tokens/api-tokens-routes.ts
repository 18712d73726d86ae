import { ZApiToken, ZCreateApiTokenRequest, ZCreatedApiToken } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createApiTokensService } from './api-tokens-service.ts';

const ZApiTokenParams = z.object({ id: z.uuid('must be an API token id') }).strict();
const ZUserParams = z.object({ id: z.uuid('must be a user id') }).strict();
const ZUserApiTokenParams = z
  .object({ id: z.uuid('must be a user id'), tokenId: z.uuid('must be an API token id') })
  .strict();

/**
 * The signed-in user's own personal API tokens (`/iamserver/api/v1/users-token`). No permission: a
 * user hands a token only permissions they hold themselves. Not open to API tokens (the root hook
 * refuses them), so a token can neither make tokens nor widen itself. Beside them, an admin's view
 * of a colleague's tokens (users:write), which also needs a session.
 */
export const registerApiTokenRoutes = async (app: FastifyInstance) => {
  const service = createApiTokensService({
    db: app.database.db,
    creationsPerUser: app.rateLimits.apiTokenCreationsPerUser,
  });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users-token',
    {
      schema: {
        summary: 'List my API tokens',
        response: { 200: dataOf(z.array(ZApiToken)), ...signedInErrors },
      },
    },
    async (request) => ({ data: await service.listTokens(request.caller) }),
  );
  routes.post(
    '/users-token',
    {
      schema: {
        summary: 'Create an API token (shown once)',
        body: ZCreateApiTokenRequest,
        response: {
          201: dataOf(ZCreatedApiToken),
          400: ZErrorBody,
          ...signedInErrors,
          409: ZErrorBody,
          429: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const created = await service.createToken(request.caller, request.auditActor, request.body);
      return reply.status(201).send({ data: created });
    },
  );
  routes.delete(
    '/users-token/:id',
    {
      schema: {
        summary: 'Revoke one of my API tokens',
        params: ZApiTokenParams,
        response: { 200: dataOf(ZApiToken), 400: ZErrorBody, ...signedInErrors, 404: ZErrorBody },
      },
    },
    async (request) => ({
      data: await service.revokeToken(request.caller, request.auditActor, request.params.id),
    }),
  );

  // An admin's part (users:write): a colleague's tokens, to see them and revoke a leaked one.
  routes.get(
    '/users/:id/api-tokens',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'List a user’s API tokens',
        params: ZUserParams,
        response: { 200: dataOf(z.array(ZApiToken)), 400: ZErrorBody, ...signedInErrors, 404: ZErrorBody },
      },
    },
    async (request) => ({ data: await service.listUserTokens(request.caller, request.params.id) }),
  );
  routes.delete(
    '/users/:id/api-tokens/:tokenId',
    {
      config: { permission: 'users:write' },
      schema: {
        summary: 'Revoke a user’s API token',
        params: ZUserApiTokenParams,
        response: { 200: dataOf(ZApiToken), 400: ZErrorBody, ...signedInErrors, 404: ZErrorBody },
      },
    },
    async (request) => ({
      data: await service.revokeUserToken(request.caller, request.auditActor, {
        userId: request.params.id,
        tokenId: request.params.tokenId,
      }),
    }),
  );
};
