import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-errors.ts';
import { InputRefusedError } from '../platform/http/input-guard.ts';
import type { createAccountLinkingService } from './account-linking.ts';
import type { createActionCodeService } from './action-codes.ts';
import type { createEmailLinkService } from './email-link.ts';
import { IdentityError, toIdentityErrorBody } from './identity-error.ts';
import type { IdentityService, TIdentityRequest } from './identity-service.ts';
import type { TPasswordPolicy } from './password-policy.ts';
import type { IdentityProject } from './projects.ts';
import { recaptchaConfigFor } from './recaptcha-config.ts';
import type { createRevokeTokenService } from './revoke-token.ts';

type Services = {
  projects: IdentityProject[];
  identity: IdentityService;
  actionCodes: ReturnType<typeof createActionCodeService>;
  policy: TPasswordPolicy;
  /** Single sign-on (sign-in-with-idp.ts). */
  signInWithIdp: Operation;
  // docs/decisions/023: passwordless sign-in, linking a password, revoking a token.
  emailLink: ReturnType<typeof createEmailLinkService>;
  accountLinking: ReturnType<typeof createAccountLinkingService>;
  revokeTokens: ReturnType<typeof createRevokeTokenService>;
  authorizedDomains: string[];
};

type Operation = (request: TIdentityRequest) => Promise<unknown>;

/** Maps any failure to the Google error body: the SDK turns anything else into network-request-failed. */
const toIdentityFailure = (error: FastifyError) => {
  if (error instanceof IdentityError) return { statusCode: error.statusCode, message: error.message };
  // A NUL byte, lone surrogate or prototype key refused by the input guard, in the SDK's own terms.
  if (error instanceof InputRefusedError) {
    return {
      statusCode: 400,
      message: error.field === 'email' ? 'INVALID_EMAIL' : `INVALID_ARGUMENT : ${error.message}`,
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'INVALID_ARGUMENT : Invalid JSON payload received' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'INVALID_ARGUMENT : Request payload is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 400, message: 'INVALID_ARGUMENT : Unsupported content type' };
  }
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: 'UNAVAILABLE' };
  const statusCode = error.statusCode ?? 500;
  return statusCode < 500
    ? { statusCode, message: 'INVALID_ARGUMENT' }
    : { statusCode: 500, message: 'INTERNAL_ERROR' };
};

/**
 * The Identity Toolkit and Secure Token REST routes the firebase/auth SDK calls, on the app's own
 * origin (docs/architecture.md). Each route resolves its project from `?key=` before anything else.
 */
export const registerIdentityRoutes = async (app: FastifyInstance, services: Services) => {
  const { identity, actionCodes, projects, policy, signInWithIdp, emailLink, accountLinking } = services;
  const projectByApiKey = new Map(projects.map((project) => [project.apiKey, project]));

  const toRequest = (request: FastifyRequest): TIdentityRequest => {
    const key = (request.query as Record<string, unknown>).key;
    const project = typeof key === 'string' ? projectByApiKey.get(key) : undefined;
    if (!project)
      throw new IdentityError('INVALID_API_KEY', 'API key not valid. Please pass a valid API key.');
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw new IdentityError('INVALID_ARGUMENT', 'The request body must be a JSON object');
    }
    return {
      project,
      body: (body ?? {}) as Record<string, unknown>,
      ip: request.ip,
      ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    };
  };

  const scope = async (scoped: FastifyInstance, routes: Record<string, Operation>) => {
    scoped.setErrorHandler((error: FastifyError, request, reply) => {
      const { statusCode, message } = toIdentityFailure(error);
      if (statusCode >= 500) request.log.error({ err: error }, 'identity request failed');
      return reply.status(statusCode).send(toIdentityErrorBody(statusCode, message));
    });
    scoped.setNotFoundHandler((_request, reply) =>
      reply.status(404).send(toIdentityErrorBody(404, 'NOT_FOUND')),
    );
    for (const [path, operation] of Object.entries(routes)) {
      // `::` is Fastify's escape for a literal colon, as in `accounts:signUp`.
      scoped.post(path.replace(':', '::'), { bodyLimit: 64 * 1024 }, (request) =>
        operation(toRequest(request)),
      );
    }
  };

  await app.register(
    async (toolkit) => {
      await scope(toolkit, {
        '/v1/accounts:signUp': (request) =>
          request.body.idToken !== undefined
            ? accountLinking.linkEmailPassword(request)
            : identity.signUp(request),
        '/v1/accounts:signInWithPassword': identity.signInWithPassword,
        '/v1/accounts:lookup': identity.lookup,
        '/v1/accounts:update': (request) =>
          request.body.oobCode !== undefined
            ? actionCodes.applyActionCode(request)
            : identity.updateProfile(request),
        '/v1/accounts:delete': identity.remove,
        '/v1/accounts:sendOobCode': (request) =>
          request.body.requestType === 'EMAIL_SIGNIN'
            ? emailLink.sendSignInLink(request)
            : actionCodes.sendOobCode(request),
        '/v1/accounts:resetPassword': actionCodes.resetPassword,
        '/v1/accounts:signInWithIdp': signInWithIdp,
        '/v1/accounts:signInWithEmailLink': emailLink.signInWithEmailLink,
        '/v2/accounts:revokeToken': services.revokeTokens.revokeToken,
      });
      toolkit.get('/v2/passwordPolicy', async (request) => {
        toRequest(request);
        return policy;
      });
      toolkit.get('/v1/projects', async (request) => {
        const { project } = toRequest(request);
        return { projectId: project.projectId, authorizedDomains: services.authorizedDomains };
      });
      toolkit.get('/v2/recaptchaConfig', async (request) => recaptchaConfigFor(toRequest(request).project));
    },
    { prefix: '/identitytoolkit.googleapis.com' },
  );

  await app.register(
    async (secureToken) => {
      await secureToken.register(formBody, { bodyLimit: 16 * 1024 });
      await scope(secureToken, { '/v1/token': identity.refresh });
    },
    { prefix: '/securetoken.googleapis.com' },
  );
};
