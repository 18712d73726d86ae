import type { FastifyInstance } from 'fastify';
import { createAccountChangeChecks, type TAccountChangeChecks } from './account-change-checks.ts';
import { createAccountLinkingService } from './account-linking.ts';
import { createActionCodeService } from './action-codes.ts';
import { authorizedDomainsFor } from './authorized-domains.ts';
import { createEmailLinkService } from './email-link.ts';
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
import { createPasswords } from './passwords.ts';
import { type IdentityProject, loadProjects, projectNameForHost, type TProjectName } from './projects.ts';
import { createRevokeTokenService } from './revoke-token.ts';
import { createSignInChecks, type TSignInChecks } from './sign-in-checks.ts';
import { createIdpAdmin, createSignInWithIdp, type IdpAdmin } from './sign-in-with-idp.ts';
import { loadSigningKeys } from './signing-keys.ts';
import { registerTokenSync, tokenSyncPath } from './token-sync.ts';

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
      /** Rules the app adds to passwordless sign-in, e.g. a company that requires single sign-on. */
      onSignInCheck: TSignInChecks['add'];
      /** Rules the app adds to an ID token's changes of its own account, e.g. a two-factor company's (decision 042). */
      onAccountChangeCheck: TAccountChangeChecks['add'];
      /** The same-origin token-sync URL the SPA gives the SDK; undefined unless IDENTITY_TOKEN_SYNC. */
      tokenSyncUrl: string | undefined;
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
    passwords: createPasswords(app.config.passwordHashCost),
    sendMail: (mail, tx) => app.mailer.enqueue(mail, tx),
    wakeMailer: () => app.mailer.wake(),
    signals: createIdentitySignals((error) =>
      app.log.error({ err: error }, 'identity signal listener failed'),
    ),
    limits: app.rateLimits,
    passwordResetGate: { current: undefined },
    signInChecks: createSignInChecks(),
    accountChangeChecks: createAccountChangeChecks(),
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
    onSignInCheck: context.signInChecks.add,
    onAccountChangeCheck: context.accountChangeChecks.add,
    tokenSyncUrl: app.config.identityTokenSync ? tokenSyncPath : undefined,
  });
  const actionCodes = createActionCodeService(context);

  await registerIdentityRoutes(app, {
    projects: context.projects,
    identity: createIdentityService(context),
    actionCodes,
    policy: context.policy,
    signInWithIdp: createSignInWithIdp(context),
    emailLink: createEmailLinkService(context, actionCodes),
    accountLinking: createAccountLinkingService(context),
    revokeTokens: createRevokeTokenService(context),
    authorizedDomains: authorizedDomainsFor(app.config),
  });
  if (app.config.identityTokenSync) registerTokenSync(app, context);
  app.get(jwksPath, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return jwks;
  });
};
