import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { authorizedDomainsFor } from './authorized-domains.ts';
import type { IdentityContext } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import { authenticateIdToken } from './sessions.ts';

export const tokenSyncPath = '/identity/token-sync';
/** The cookie name Firebase's hosting and frameworks read an ID token from. */
export const tokenSyncCookie = '__session';

/**
 * The same-origin token-sync URL of the firebase/auth SDK (`authTokenSyncURL`, docs/decisions/023):
 * the page POSTs each fresh ID token (`Authorization: Bearer …`) and DELETEs when signed out. The
 * server mirrors a verified token into an HttpOnly `__session` cookie that same-origin server code
 * may read; our API never accepts it in place of the app token, so the mirror grants nothing new.
 */
export const registerTokenSync = (app: FastifyInstance, context: IdentityContext) => {
  const domains = authorizedDomainsFor(context.config);
  const isSecure = context.config.publicUrl.startsWith('https:');

  const cookie = (value: string, maxAgeSeconds: number) =>
    [
      `${tokenSyncCookie}=${value}`,
      'Path=/',
      `Max-Age=${maxAgeSeconds}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(isSecure ? ['Secure'] : []),
    ].join('; ');

  /** Only the app's own pages may set or clear it: another site's form or fetch is refused. */
  const assertSameOrigin = (request: FastifyRequest) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') throw new IdentityError('FORBIDDEN');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string;
    try {
      host = new URL(origin).hostname;
    } catch {
      throw new IdentityError('FORBIDDEN');
    }
    if (!domains.includes(host)) throw new IdentityError('FORBIDDEN');
  };

  const refuse = (reply: FastifyReply, error: IdentityError) => {
    const isForbidden = error.code === 'FORBIDDEN';
    return reply.status(isForbidden ? 403 : 401).send({
      error: {
        code: error.code,
        message: isForbidden ? 'Only this site may sync its sign-in.' : 'The ID token is not valid.',
        details: {},
      },
    });
  };

  app.post(tokenSyncPath, { bodyLimit: 1024 }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      assertSameOrigin(request);
      const header = request.headers.authorization ?? '';
      const idToken = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!idToken || idToken.length > 8192) throw new IdentityError('MISSING_ID_TOKEN');
      // The audience names the project; the token is then verified against that project alone.
      let audience: unknown;
      try {
        audience = decodeJwt(idToken).aud;
      } catch {
        throw new IdentityError('INVALID_ID_TOKEN');
      }
      const project = context.projects.find(({ projectId }) => projectId === audience);
      if (!project) throw new IdentityError('INVALID_ID_TOKEN');
      const { claims } = await authenticateIdToken(context, project, idToken);
      const maxAge = Math.max(0, Number(claims.exp) - Math.floor(Date.now() / 1000));
      reply.header('set-cookie', cookie(idToken, maxAge));
      return reply.status(204).send();
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      return refuse(reply, error);
    }
  });

  app.delete(tokenSyncPath, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      assertSameOrigin(request);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      return refuse(reply, error);
    }
    reply.header('set-cookie', cookie('', 0));
    return reply.status(204).send();
  });
};
