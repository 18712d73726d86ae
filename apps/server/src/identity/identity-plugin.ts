import type { FastifyInstance } from 'fastify';
import { createActionCodeService } from './action-codes.ts';
import { createIdTokenVerifier } from './id-tokens.ts';
import { createIdentityAdmin, type IdentityAdmin } from './identity-admin.ts';
import {
  createIdentitySignals,
  type IdentityContext,
  type TIdentitySignals,
  type TPasswordResetGate,
} from './identity-context.ts';
import { registerIdentityRoutes } from './identity-routes.ts';
import { createIdentityService } from './identity-service.ts';
import { buildPasswordPolicy } from './password-policy.ts';
import { type IdentityProject, loadProjects, projectNameForHost, type TProjectName } from './projects.ts';
import { createIdpAdmin, createSignInWithIdp, type IdpAdmin } from './sign-in-with-idp.ts';
import { loadSigningKeys } from './signing-keys.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: {
      projects: IdentityProject[];
      /** Where the public keys are published: the SPA's runtime config names it. */
      jwksUri: string;
      /** docs/product.md §1: which project a page on this host signs in with. */
      projectForHost: (host: string) => TProjectName;
      admin: IdentityAdmin;
      onAccountEvent: TIdentitySignals['onAccountEvent'];
      /** Single sign-on: verified sign-ins left for accounts:signInWithIdp. */
      idp: IdpAdmin;
      /** Lets the iam service hold back password-reset links (a company that requires single sign-on). */
      gatePasswordReset: (gate: TPasswordResetGate) => void;
    };
  }
}

export const jwksPath = '/identity/jwks.json';

/** Identity Toolkit–compatible provider (docs/architecture.md): REST routes, JWKS and the admin interface. */
export const registerIdentity = async (app: FastifyInstance) => {
  const { db } = app.database;
  const { signingKey, jwks } = await loadSigningKeys(db);
  const context: IdentityContext = {
    db,
    config: app.config,
    projects: await loadProjects(db),
    signingKey,
    jwks,
    verifyToken: createIdTokenVerifier(jwks),
    policy: buildPasswordPolicy(app.config),
    sendMail: (mail, tx) => app.mailer.enqueue(mail, tx),
    wakeMailer: () => app.mailer.wake(),
    signals: createIdentitySignals((error) =>
      app.log.error({ err: error }, 'identity signal listener failed'),
    ),
    limits: app.rateLimits,
    passwordResetGate: { current: undefined },
  };
  app.decorate('identity', {
    projects: context.projects,
    jwksUri: `${app.config.publicUrl}${jwksPath}`,
    projectForHost: (host: string) => projectNameForHost(host, app.config.productionHost),
    admin: createIdentityAdmin(context),
    onAccountEvent: context.signals.onAccountEvent,
    idp: createIdpAdmin(context),
    gatePasswordReset: (gate) => {
      context.passwordResetGate.current = gate;
    },
  });

  await registerIdentityRoutes(app, {
    projects: context.projects,
    identity: createIdentityService(context),
    actionCodes: createActionCodeService(context),
    policy: context.policy,
    signInWithIdp: createSignInWithIdp(context),
  });
  app.get(jwksPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return jwks;
  });
};
