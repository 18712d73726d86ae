import type { TLoginResponse } from '@cargodesk/shared';
import {
  ZCodeAuthRequest,
  ZConfirmSignInRequest,
  ZCurrentUser,
  ZInvitationQuery,
  ZInvitationSummary,
  ZLoginResponse,
  ZRegisterCompanyRequest,
  ZTokenRefreshResponse,
  ZUserCounts,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectNameForHost, type TProjectName } from '../../identity/projects.ts';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { dataOf, readAuthorizationToken, signedInErrors, ZErrorBody } from '../../platform/http/http.ts';
import { registerApiTokenRoutes } from './api-tokens/api-tokens-routes.ts';
import { registerCompanyRoutes } from './company-and-profile/company-routes.ts';
import { registerProductRoutes } from './company-and-profile/products-routes.ts';
import { registerProfileRoutes } from './company-and-profile/profile-routes.ts';
import { registerAppAdminRoutes } from './platform-console/app-admin-routes.ts';
import { registerGroupRoutes } from './roles-and-groups/groups-routes.ts';
import { registerRoleRoutes } from './roles-and-groups/roles-routes.ts';
import { createInvitationService } from './sign-in/invitation-service.ts';
import { createRegistrationService } from './sign-in/registration-service.ts';
import { auditAccountEvents } from './sign-in/security-audit.ts';
import { endSessionsOnAccountEvents } from './sign-in/session-end.ts';
import type { TCaller } from './sign-in/sign-in-caller.ts';
import { createSignInService } from './sign-in/sign-in-service.ts';
import { twoFactorAccountChangeCheck } from './sign-in/two-factor-sign-ins.ts';
import { registerSsoRoutes } from './single-sign-on/sso-routes.ts';
import { registerUsersRoutes } from './users/users-routes.ts';

const identityErrors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody } as const;

/** access (docs/product.md §7): sign-in with an ID token, registration, and the app session. */
export const registerAccessRoutes = async (app: FastifyInstance) => {
  // Identity events the app answers: audit entries, and the end of the account's app sessions.
  auditAccountEvents(app);
  endSessionsOnAccountEvents(app);
  const service = await createSignInService({
    db: app.database.db,
    identityAdmin: app.identity.admin,
    appTokens: app.appTokens,
    mailer: app.mailer,
    domainEvents: app.domainEvents,
    events: app.events,
    codeResendIntervalMs: app.config.twoFactorResendIntervalMs,
    confirmationsPerUser: app.rateLimits.signInConfirmationsPerUser,
  });
  // docs/decisions/042: a two-factor company's user changes their identity account only from a
  // sign-in that passed the mailed code.
  app.identity.onAccountChangeCheck(twoFactorAccountChangeCheck(app.database.db));
  const registration = createRegistrationService({
    db: app.database.db,
    identityAdmin: app.identity.admin,
    mailer: app.mailer,
    registrationsPerIp: app.rateLimits.registrationsPerIp,
    signIn: service.parts,
    domainEvents: app.domainEvents,
  });
  const callerOf = (request: FastifyRequest): TCaller => ({
    idToken: readAuthorizationToken(request),
    project: projectNameForHost(request.hostname, app.config.productionHost),
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
  });

  /** `FIRST_PLATFORM_ADMIN`: its address signing in may make the installation's first platform admin. */
  const claimFirstPlatformAdmin = async (project: TProjectName, { jwt, emailId }: TLoginResponse) => {
    const configured = app.config.firstPlatformAdmin;
    if (!jwt || !configured || emailId.toLowerCase() !== configured) return;
    const outcome = await app.identity.admin.claimFirstPlatformAdmin(project, configured);
    if (outcome === 'granted')
      app.log.warn({ email: configured }, 'FIRST_PLATFORM_ADMIN is now a platform administrator');
  };

  const invitations = createInvitationService({
    db: app.database.db,
    identityAdmin: app.identity.admin,
    lookupsPerIp: app.rateLimits.invitationLookupsPerIp,
  });
  // Open to anyone holding an invitation link: the link's code is the credential.
  await app.register(async (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/auth/invitation',
      {
        schema: {
          summary: 'The company an invitation link is for, while the link works',
          querystring: ZInvitationQuery,
          response: { 200: dataOf(ZInvitationSummary), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
        },
      },
      async (request) => ({ data: await invitations.describe(request.query.oobCode, request.ip) }),
    );
  });

  // Routes that take the identity provider's ID token.
  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/auth/login',
      {
        schema: {
          summary: 'Sign in with an ID token',
          response: { 200: dataOf(ZLoginResponse), ...identityErrors, 429: ZErrorBody },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const data = await service.login(caller);
        await claimFirstPlatformAdmin(caller.project, data);
        return { data };
      },
    );
    routes.post(
      '/auth/codeAuth',
      {
        schema: {
          summary: 'Finish sign-in with the two-factor code',
          body: ZCodeAuthRequest,
          response: { 200: dataOf(ZLoginResponse), 400: ZErrorBody, ...identityErrors, 429: ZErrorBody },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const data = await service.signInWithCode(caller, request.body.code);
        await claimFirstPlatformAdmin(caller.project, data);
        return { data };
      },
    );
    routes.post(
      '/auth/codeAuth/resend',
      {
        schema: {
          summary: 'Send the two-factor code again',
          response: {
            200: dataOf(z.object({ sent: z.literal(true) })),
            400: ZErrorBody,
            ...identityErrors,
            429: ZErrorBody,
          },
        },
      },
      async (request) => ({ data: await service.resendCode(callerOf(request)) }),
    );
    routes.post(
      '/auth',
      {
        schema: {
          summary: 'Register a company and its first admin',
          body: ZRegisterCompanyRequest,
          response: {
            200: dataOf(ZLoginResponse),
            400: ZErrorBody,
            ...identityErrors,
            409: ZErrorBody,
            429: ZErrorBody,
          },
        },
      },
      async (request) => ({ data: await registration.registerCompany(callerOf(request), request.body) }),
    );
  });

  // Routes that take the app token: the session may be older than the token's own expiry.
  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(app, { allowExpiredToken: true }));
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/auth/token-refresh',
      {
        schema: {
          summary: 'Refresh the app token',
          response: { 200: dataOf(ZTokenRefreshResponse), ...signedInErrors },
        },
      },
      async (request) => ({ data: await service.refreshToken(request.caller) }),
    );
    routes.post(
      '/auth/logout',
      {
        schema: {
          summary: 'Sign out and end the session',
          response: { 200: dataOf(z.object({ ok: z.literal(true) })), ...signedInErrors },
        },
      },
      async (request) => ({ data: await service.logout(request.caller, request.auditActor) }),
    );
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(app));
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/auth/fetch-users-by-token',
      // "Who am I" for an integration holding an API token, too.
      {
        config: { isOpenToApiTokens: true },
        schema: {
          summary: 'Get the signed-in user',
          response: { 200: dataOf(z.array(ZCurrentUser)), ...signedInErrors },
        },
      },
      async (request) => ({ data: [await service.getCurrentUser(request.caller)] }),
    );
    routes.post(
      '/auth/confirm-sign-in',
      {
        schema: {
          summary: 'Confirm a fresh identity sign-in of the signed-in user',
          description:
            'After re-authenticating, the page sends the new ID token with its app session, so that sign-in may change the identity account of a two-factor company’s user (docs/decisions/042).',
          body: ZConfirmSignInRequest,
          response: {
            200: dataOf(z.object({ confirmed: z.literal(true) })),
            400: ZErrorBody,
            ...signedInErrors,
          },
        },
      },
      async (request) => ({
        data: await service.confirmSignIn(request.caller, request.auditActor, request.body.idToken),
      }),
    );
    routes.get(
      '/users/count',
      {
        config: { permission: 'users:read' },
        schema: {
          summary: 'Count users by status',
          response: { 200: dataOf(ZUserCounts), ...signedInErrors },
        },
      },
      async (request) => ({ data: await service.countUsers(request.caller) }),
    );
    routes.get(
      '/auth/fetch-google-map-key',
      {
        schema: {
          summary: 'Get the map integration key',
          response: { 200: dataOf(z.object({ googleMapKey: z.string() })), ...signedInErrors },
        },
      },
      async () => ({ data: { googleMapKey: app.config.integrationKeys.googleMaps } }),
    );
    routes.get(
      '/auth/fetch-config-key',
      {
        schema: {
          summary: 'Get the analytics integration key',
          response: { 200: dataOf(z.object({ pendoKey: z.string() })), ...signedInErrors },
        },
      },
      async () => ({ data: { pendoKey: app.config.integrationKeys.pendo } }),
    );
  });

  await app.register(registerRoleRoutes);
  await app.register(registerGroupRoutes);
  await app.register(registerProductRoutes);
  await app.register(registerProfileRoutes);
  await app.register(registerCompanyRoutes);
  await app.register(registerUsersRoutes);
  await app.register(registerAppAdminRoutes);
  await app.register(registerApiTokenRoutes);
  // Single sign-on: its settings and its open sign-in routes (docs/decisions/020-single-sign-on.md).
  await app.register(registerSsoRoutes);
};
