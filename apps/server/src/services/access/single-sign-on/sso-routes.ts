import {
  ZSsoConfigInput,
  ZSsoDomainCheck,
  ZSsoSettings,
  ZSsoStartRequest,
  ZSsoStartResponse,
  ZSsoTestRequest,
  ZSsoTestResult,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectNameForHost } from '../../../identity/projects.ts';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { createSealer } from '../../../platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createSsoConfigService } from './sso-config-service.ts';
import { createDomainProver } from './sso-domain-proof.ts';
import { createSsoSignInService, flowLifetimeMs } from './sso-sign-in-service.ts';

export const ssoCallbackPath = '/auth/sso/callback';
export const ssoBeginPath = '/auth/sso/begin';

/** Holds the browser's half of a flow under way, from start to callback (sso-sign-in-service.ts). */
export const ssoFlowCookie = 'cargodesk_sso_flow';

/** One cookie's value from a Cookie header; the flow's cookie is the only one these routes read. */
const readCookie = (header: string | undefined, name: string) => {
  for (const pair of (header ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator !== -1 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
};

/** Single sign-on (docs/decisions/020-single-sign-on.md): the company's settings and the sign-in flow. */
export const registerSsoRoutes = async (app: FastifyInstance) => {
  const { db } = app.database;
  const sealer = createSealer(await getOrCreateSecret(db, 'sso-client-secret-key'));
  // The address to register at the provider: this service's prefix (/iamserver/api/v1) included.
  const redirectUri = `${app.config.publicUrl}${app.prefix}${ssoCallbackPath}`;
  const settings = createSsoConfigService({
    db,
    sealer,
    redirectUri,
    allowHttpIssuers: app.config.ssoAllowHttpIssuers,
    allowPrivateIssuers: app.config.ssoAllowPrivateIssuers,
    domainProver: createDomainProver({ servers: app.config.ssoDnsServers }),
    domainChecksPerCompany: app.rateLimits.ssoDomainChecksPerCompany,
  });
  const signIn = createSsoSignInService({
    db,
    identityAdmin: app.identity.admin,
    idpAdmin: app.identity.idp,
    sealer,
    publicUrl: app.config.publicUrl,
    redirectUri,
    beginUrl: `${app.config.publicUrl}${app.prefix}${ssoBeginPath}`,
    startsPerIp: app.rateLimits.ssoStartsPerIp,
    allowPrivateIssuers: app.config.ssoAllowPrivateIssuers,
    log: app.log,
  });
  app.identity.gatePasswordReset(signIn.passwordResetGate);
  // A mailed sign-in link must not get round it either (decisions 023 and 025).
  app.identity.onSignInCheck(signIn.passwordlessSignInCheck);

  // Lax: the provider's redirect back is a top-level navigation from its site, which Lax lets through.
  const flowCookiePath = `${app.prefix}/auth/sso`;
  const isSecure = app.config.publicUrl.startsWith('https:');
  const flowCookie = (value: string, maxAgeSeconds: number) =>
    [
      `${ssoFlowCookie}=${value}`,
      `Path=${flowCookiePath}`,
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(isSecure ? ['Secure'] : []),
    ].join('; ');

  // Open to anyone: the work e-mail picks the company, and the provider's redirect comes back here.
  await app.register(async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/auth/sso/start',
      {
        schema: {
          summary: 'Starts single sign-on for a work e-mail: answers the identity provider’s sign-in address',
          body: ZSsoStartRequest,
          response: { 200: dataOf(ZSsoStartResponse), 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          data: await signIn.start({
            email: request.body.email,
            project: projectNameForHost(request.hostname, app.config.productionHost),
            ip: request.ip,
          }),
        };
      },
    );
    routes.get(
      ssoBeginPath,
      {
        schema: {
          summary:
            'Binds a started sign-in to this browser with a cookie and sends it on to the identity provider',
          querystring: z
            .object({
              state: z.string().max(256).optional(),
              login_hint: z.string().max(254).optional(),
            })
            .strict(),
          response: { 302: z.null(), 400: ZErrorBody },
        },
      },
      async (request, reply) => {
        const { location, browserBinding } = await signIn.begin({
          state: request.query.state,
          loginHint: request.query.login_hint,
        });
        reply.header('cache-control', 'no-store');
        if (browserBinding) {
          reply.header('set-cookie', flowCookie(browserBinding, Math.floor(flowLifetimeMs / 1000)));
        }
        return reply.redirect(location, 302);
      },
    );
    routes.get(
      ssoCallbackPath,
      {
        schema: {
          summary: 'The identity provider’s redirect back; sends the browser on to the login page',
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(256).optional(),
            error: z.string().max(256).optional(),
          }),
          response: { 302: z.null(), 400: ZErrorBody },
        },
      },
      async (request, reply) => {
        const location = await signIn.callback({
          ...request.query,
          browserBinding: readCookie(request.headers.cookie, ssoFlowCookie),
        });
        // The assertion rides in the fragment; no cache may keep this answer.
        reply.header('cache-control', 'no-store');
        reply.header('set-cookie', flowCookie('', 0));
        return reply.redirect(location, 302);
      },
    );
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', authenticate(app));
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const errors = { 400: ZErrorBody, ...signedInErrors, 404: ZErrorBody } as const;
    routes.get(
      '/companies/current/sso',
      {
        config: { permission: 'company:write' },
        schema: {
          summary: 'The company’s single sign-on settings, and the redirect URI to register at the provider',
          response: { 200: dataOf(ZSsoSettings), ...signedInErrors },
        },
      },
      async (request) => ({ data: await settings.getSettings(request.caller) }),
    );
    routes.put(
      '/companies/current/sso',
      {
        config: { permission: 'company:write' },
        schema: {
          summary: 'Saves single sign-on after reading the provider’s discovery document and keys',
          body: ZSsoConfigInput,
          response: { 200: dataOf(ZSsoSettings), ...errors },
        },
      },
      async (request) => ({
        data: await settings.saveConfig(request.caller, request.auditActor, request.body),
      }),
    );
    routes.delete(
      '/companies/current/sso',
      {
        config: { permission: 'company:write' },
        schema: {
          summary: 'Removes single sign-on and frees its e-mail domains',
          response: { 200: dataOf(ZSsoSettings), ...errors },
        },
      },
      async (request) => ({ data: await settings.removeConfig(request.caller, request.auditActor) }),
    );
    routes.post(
      '/companies/current/sso/domains/verify',
      {
        config: { permission: 'company:write' },
        schema: {
          summary: 'Looks up the DNS proof record of every domain still waiting and marks those that hold it',
          response: { 200: dataOf(ZSsoDomainCheck), ...errors },
        },
      },
      async (request) => ({
        data: await settings.verifyDomains(request.caller, request.auditActor),
      }),
    );
    routes.post(
      '/companies/current/sso/test',
      {
        config: { permission: 'company:write' },
        schema: {
          summary: 'Reads an issuer’s discovery document and keys without saving anything',
          body: ZSsoTestRequest,
          response: { 200: dataOf(ZSsoTestResult), ...errors },
        },
      },
      async (request) => ({ data: await settings.testConnection(request.body.issuer) }),
    );
  });
};
