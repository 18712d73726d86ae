import { ZProfile, ZRevokeSessionsResponse, ZUpdateProfileRequest } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorOf } from '../../platform/audit.ts';
import { authenticate, requireAuth } from '../../platform/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createProfileService } from './profile-service.ts';

/**
 * The signed-in user's own profile. No permission beyond being signed in: everyone may edit their
 * own name, phone and avatar, and sign out of their own sessions.
 */
export const registerProfileRoutes = async (app: FastifyInstance) => {
  const service = createProfileService({
    db: app.database.db,
    events: app.events,
    identityAdmin: app.identity.admin,
  });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/me',
    { schema: { response: { 200: dataOf(ZProfile), ...signedInErrors } } },
    async (request) => ({
      data: await service.getProfile(requireAuth(request)),
    }),
  );

  routes.patch(
    '/users/me',
    {
      schema: {
        body: ZUpdateProfileRequest,
        response: { 200: dataOf(ZProfile), 400: ZErrorBody, ...signedInErrors },
      },
    },
    async (request) => ({
      data: await service.updateProfile(requireAuth(request), auditActorOf(request), request.body),
    }),
  );

  routes.post(
    '/users/me/sessions/revoke',
    { schema: { response: { 200: dataOf(ZRevokeSessionsResponse), ...signedInErrors } } },
    async (request) => ({
      data: await service.revokeAllSessions(requireAuth(request), auditActorOf(request)),
    }),
  );
};
