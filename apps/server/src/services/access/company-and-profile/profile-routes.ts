import {
  ZProfile,
  ZRevokeSessionsResponse,
  ZUpdateProfileRequest,
  ZUpdateUserPreferencesRequest,
  ZUserPreferences,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createPreferencesService } from './preferences-service.ts';
import { createProfileService } from './profile-service.ts';

/**
 * The signed-in user's own profile. No permission beyond being signed in: everyone may edit their
 * own name, phone and avatar, their formatting preferences, and sign out of their own sessions.
 */
export const registerProfileRoutes = async (app: FastifyInstance) => {
  const service = createProfileService({
    db: app.database.db,
    events: app.events,
    identityAdmin: app.identity.admin,
  });
  const preferences = createPreferencesService({ db: app.database.db });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/me',
    { schema: { summary: 'Get my profile', response: { 200: dataOf(ZProfile), ...signedInErrors } } },
    async (request) => ({
      data: await service.getProfile(request.caller),
    }),
  );

  routes.patch(
    '/users/me',
    {
      schema: {
        summary: 'Update my profile',
        body: ZUpdateProfileRequest,
        response: { 200: dataOf(ZProfile), 400: ZErrorBody, ...signedInErrors },
      },
    },
    async (request) => ({
      data: await service.updateProfile(request.caller, request.auditActor, request.body),
    }),
  );

  // App settings: how dates, times and numbers are written for this user on every screen.
  routes.get(
    '/users/me/preferences',
    {
      schema: {
        summary: 'Get my formatting preferences',
        response: { 200: dataOf(ZUserPreferences), ...signedInErrors },
      },
    },
    async (request) => ({ data: await preferences.getPreferences(request.caller) }),
  );

  routes.patch(
    '/users/me/preferences',
    {
      schema: {
        summary: 'Update my formatting preferences',
        body: ZUpdateUserPreferencesRequest,
        response: { 200: dataOf(ZUserPreferences), 400: ZErrorBody, ...signedInErrors },
      },
    },
    async (request) => ({
      data: await preferences.updatePreferences(request.caller, request.auditActor, request.body),
    }),
  );

  routes.post(
    '/users/me/sessions/revoke',
    {
      schema: {
        summary: 'Sign out my other sessions',
        response: { 200: dataOf(ZRevokeSessionsResponse), ...signedInErrors },
      },
    },
    async (request) => ({
      data: await service.revokeAllSessions(request.caller, request.auditActor),
    }),
  );
};
