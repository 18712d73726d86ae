import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ssoMessages, type TSsoErrorCode, type TSsoStartResponse } from '@cargodesk/shared';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/database-errors.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import type { TPasswordResetGate } from '../../../identity/identity-context.ts';
import { hashSecret } from '../../../identity/identity-context.ts';
import { IdentityError } from '../../../identity/identity-error.ts';
import type { TProjectName } from '../../../identity/projects.ts';
import type { TSignInCheck } from '../../../identity/sign-in-checks.ts';
import type { IdpAdmin } from '../../../identity/sign-in-with-idp.ts';
import type { TOutgoingMail } from '../../../mail/outbox.ts';
import type { TSealer } from '../../../platform/auth/sealed-secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { recordAudit } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { renderSystemMail } from '../../../templating/system-mails.ts';
import * as repository from '../repository.ts';
import {
  buildAuthorizationUrl,
  codeChallengeOf,
  createFlowSecrets,
  exchangeCode,
  OidcError,
  type TIdpClaims,
  verifyProviderIdToken,
} from './oidc-client.ts';
import { decideLink, emailDomainOf } from './sso-linking.ts';
import { isPasswordSignInBlocked, ssoProviderIdOf } from './sso-policy.ts';
import * as ssoRepository from './sso-repository.ts';

/** How long the person has at their identity provider before the flow is forgotten. */
export const flowLifetimeMs = 10 * 60 * 1000;

const isSameBrowser = (expectedHash: string, browserBinding: string | undefined) => {
  if (!browserBinding || expectedHash === '') return false;
  const given = Buffer.from(hashSecret(browserBinding));
  const expected = Buffer.from(expectedHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export type TSsoSignInDependencies = {
  db: Db;
  identityAdmin: Pick<IdentityAdmin, 'createAccount' | 'findAccountByEmail'>;
  idpAdmin: IdpAdmin;
  sealer: TSealer;
  publicUrl: string;
  redirectUri: string;
  /** GET …/auth/sso/begin on this server's public address. */
  beginUrl: string;
  startsPerIp: TRateLimit;
  /** SSO_ALLOW_PRIVATE_ISSUERS: the token and key requests may reach private addresses. */
  allowPrivateIssuers: boolean;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
};

const textClaim = (value: unknown, maxLength: number) =>
  typeof value === 'string' ? value.trim().slice(0, maxLength) : '';

/**
 * The sign-in flow (docs/decisions/020-single-sign-on.md): the work e-mail's domain picks the
 * company, the authorization-code flow with PKCE runs server-side, the callback verifies the
 * provider's ID token and applies the linking rules, and the browser gets a single-use assertion
 * that accounts:signInWithIdp turns into our token set.
 */
export const createSsoSignInService = ({
  db,
  identityAdmin,
  idpAdmin,
  sealer,
  publicUrl,
  redirectUri,
  beginUrl,
  startsPerIp,
  allowPrivateIssuers,
  log,
}: TSsoSignInDependencies) => {
  const loginUrl = `${publicUrl}/login`;
  // Checked again at sign-in: an address public when saved may have moved to a private one since.
  const policy = { allowPrivateAddresses: allowPrivateIssuers };
  const refusal = (code: TSsoErrorCode) => `${loginUrl}?${new URLSearchParams({ sso_error: code })}`;

  const start = async ({
    email,
    project,
    ip,
  }: {
    email: string;
    project: TProjectName;
    ip: string;
  }): Promise<TSsoStartResponse> => {
    const verdict = await startsPerIp.consume(ip);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', ssoMessages.tooManyAttempts, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const config = await ssoRepository.findSsoConfigByDomain(db, emailDomainOf(email));
    if (!config?.isEnabled) throw new AppError('NOT_FOUND', ssoMessages.noProvider);
    const secrets = createFlowSecrets();
    await ssoRepository.insertSsoSignIn(db, {
      stateHash: hashSecret(secrets.state),
      // Bound by begin(), in the browser that opens it.
      browserBindingHash: '',
      companyId: config.companyId,
      identityProject: project,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      expiresAt: new Date(Date.now() + flowLifetimeMs),
    });
    // The browser goes to our own begin address first, as a top-level navigation: the cookie that
    // binds the flow is then set on this server's origin, where the callback lands too, even when
    // the page calls the API on another origin (decision 022).
    const begin = new URL(beginUrl);
    begin.searchParams.set('state', secrets.state);
    begin.searchParams.set('login_hint', email);
    return { authorizationUrl: begin.toString() };
  };

  /**
   * The begin address: binds the flow to this browser with a cookie (answered as `browserBinding`)
   * and sends it on to the identity provider; a flow already bound, used or expired goes back to
   * the login page.
   */
  const begin = async ({
    state,
    loginHint,
  }: {
    state: string | undefined;
    loginHint: string | undefined;
  }): Promise<{ location: string; browserBinding?: string }> => {
    if (!state) return { location: refusal('failed') };
    const browserBinding = randomBytes(32).toString('base64url');
    const flow = await ssoRepository.bindSsoSignIn(db, hashSecret(state), hashSecret(browserBinding));
    if (!flow) return { location: refusal('expired') };
    const config = await ssoRepository.findSsoConfig(db, flow.companyId);
    if (!config?.isEnabled) return { location: refusal('disabled') };
    return {
      browserBinding,
      location: buildAuthorizationUrl({
        metadata: config.providerMetadata,
        clientId: config.clientId,
        redirectUri,
        state,
        nonce: flow.nonce,
        codeChallenge: codeChallengeOf(flow.codeVerifier),
        loginHint: loginHint ?? '',
      }),
    };
  };

  /** A company user for the provider's user, with the Member role: just-in-time provisioning. */
  const provision = async ({
    companyId,
    project,
    uid: existingUid,
    email,
    claims,
  }: {
    companyId: string;
    project: TProjectName;
    uid: string | undefined;
    email: string;
    claims: TIdpClaims;
  }) => {
    const firstName = textClaim(claims.given_name, 100);
    const lastName = textClaim(claims.family_name, 100);
    const name = textClaim(claims.name, 200);
    const uid =
      existingUid ??
      (
        await identityAdmin.createAccount({
          project,
          email,
          ...(name ? { displayName: name } : {}),
        })
      ).uid;
    const userId = createId();
    await withTenant(db, companyId, async (tx) => {
      await repository.insertUser(tx, {
        companyId,
        id: userId,
        identityProject: project,
        identityUid: uid,
        email,
        firstName: firstName || name.split(' ')[0] || '',
        lastName: lastName || name.split(' ').slice(1).join(' '),
        status: 'active',
      });
      const memberRoles = await repository.findRoleIdsBySystemKey(tx, companyId, ['member']);
      await repository.insertUserRoles(
        tx,
        companyId,
        userId,
        memberRoles.map((role) => role.id),
      );
      await recordAudit(
        tx,
        { companyId, userId: null, email: null, ip: null, userAgent: null, requestId: null },
        {
          entityType: 'user',
          entityId: userId,
          action: 'create',
          after: { email, status: 'active', roles: ['Member'], provisionedBy: 'single sign-on' },
        },
      );
    });
    return uid;
  };

  const finish = async (
    flow: NonNullable<Awaited<ReturnType<typeof ssoRepository.consumeSsoSignIn>>>,
    code: string,
  ) => {
    const config = await ssoRepository.findSsoConfig(db, flow.companyId);
    if (!config?.isEnabled) return refusal('disabled');
    // The provider speaks only for the domains the company proved, read now: one proved when the
    // flow began may have been given up since.
    const provedDomains = await ssoRepository.findVerifiedSsoDomains(db, config.companyId);
    const idToken = await exchangeCode({
      metadata: config.providerMetadata,
      clientId: config.clientId,
      clientSecret: sealer.open(config.clientSecretSealed),
      code,
      redirectUri,
      codeVerifier: flow.codeVerifier,
      policy,
    });
    const claims = await verifyProviderIdToken({
      idToken,
      metadata: config.providerMetadata,
      clientId: config.clientId,
      nonce: flow.nonce,
      jwks: config.jwks,
      onKeysRotated: (jwks) => ssoRepository.updateSsoKeys(db, config.companyId, jwks),
      policy,
    });
    const project = flow.identityProject;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    const account = email ? await identityAdmin.findAccountByEmail(project, email) : undefined;
    const link = account ? await repository.findUserLinkByIdentity(db, project, account.id) : undefined;
    const linked = link ? await repository.findUserWithCompany(db, link.companyId, link.userId) : undefined;
    const decision = decideLink({
      companyId: config.companyId,
      domains: provedDomains,
      jitProvisioning: config.jitProvisioning,
      email,
      // Only the boolean true counts: "true" as a string, or a missing claim, proves nothing.
      emailVerified: claims.email_verified === true,
      account: account && { uid: account.id, disabled: account.disabled },
      accountUser: linked && {
        companyId: linked.user.companyId,
        userId: linked.user.id,
        status: linked.user.status,
      },
    });
    if (decision.kind === 'refuse' || !email) {
      log.warn(
        { companyId: config.companyId, reason: decision.kind === 'refuse' ? decision.code : 'failed' },
        'single sign-on refused',
      );
      return refusal(decision.kind === 'refuse' ? decision.code : 'failed');
    }
    const providerId = ssoProviderIdOf(config.companyId);
    const rawUserInfo = { sub: claims.sub, email, iss: config.issuer };
    if (decision.kind === 'needConfirmation') {
      const assertion = await idpAdmin.createAssertion({
        project,
        providerId,
        uid: null,
        email,
        rawUserInfo,
      });
      return `${loginUrl}#${new URLSearchParams({ sso_assertion: assertion, sso_provider: providerId })}`;
    }
    const uid =
      decision.kind === 'provision'
        ? await provision({ companyId: config.companyId, project, uid: decision.uid, email, claims })
        : decision.uid;
    // The provider vouches for the address for this company's sign-in only (docs/decisions/032): the
    // account's own e-mail stays unverified until the product's mail proves the mailbox, so nothing
    // installation-wide (platform rights, another company's invitation, recovery) rests on it.
    const assertion = await idpAdmin.createAssertion({ project, providerId, uid, email, rawUserInfo });
    // In the fragment: it never reaches a server log or a Referer header.
    return `${loginUrl}#${new URLSearchParams({ sso_assertion: assertion, sso_provider: providerId })}`;
  };

  /** The provider's redirect back: answers where the browser goes next, never an error page. */
  const callback = async ({
    code,
    state,
    error,
    browserBinding,
  }: {
    code?: string | undefined;
    state?: string | undefined;
    error?: string | undefined;
    /** The cookie start() left on the browser, if this browser has it. */
    browserBinding: string | undefined;
  }): Promise<string> => {
    if (!state) return refusal('failed');
    const flow = await ssoRepository.consumeSsoSignIn(db, hashSecret(state));
    if (!flow) return refusal('expired');
    if (!isSameBrowser(flow.browserBindingHash, browserBinding)) {
      log.warn({ companyId: flow.companyId }, 'single sign-on finished in another browser than it began');
      return refusal('other-browser');
    }
    if (error || !code) return refusal('failed');
    try {
      return await finish(flow, code);
    } catch (failure) {
      // A database that is down answers 503 as everywhere; anything else sends the person back to
      // the login page with a message, never to an error page of the API.
      if (isDatabaseUnavailable(failure)) throw failure;
      const isExpected =
        failure instanceof OidcError || failure instanceof IdentityError || isUniqueViolation(failure);
      const details = { companyId: flow.companyId, reason: (failure as Error).message };
      if (isExpected) log.warn(details, 'single sign-on failed');
      else log.error({ ...details, err: failure }, 'single sign-on failed unexpectedly');
      return refusal('failed');
    }
  };

  /** identity/action-codes.ts asks this before mailing a reset link. */
  const passwordResetGate: TPasswordResetGate = async ({ project, uid, email }) => {
    const row = await repository.findUserWithCompanyByIdentity(db, project, uid);
    if (!row || !(await isPasswordSignInBlocked(db, row.company.id, row.user.id))) return { kind: 'link' };
    const mail: TOutgoingMail = {
      to: [email],
      ...(await renderSystemMail('password-reset-sso', { companyName: row.company.name, loginUrl })),
    };
    return { kind: 'mail', mail };
  };

  /**
   * identity/sign-in-checks.ts asks this before a mailed sign-in link is sent and again when it is
   * used: a member of a company that requires single sign-on gets no link (the answer is the same).
   */
  const passwordlessSignInCheck: TSignInCheck = async ({ project, uid }) => {
    const row = await repository.findUserWithCompanyByIdentity(db, project, uid);
    const isBlocked = row ? await isPasswordSignInBlocked(db, row.company.id, row.user.id) : false;
    return isBlocked ? ssoMessages.requireSso : undefined;
  };

  return { start, begin, callback, passwordResetGate, passwordlessSignInCheck };
};

export type TSsoSignInService = ReturnType<typeof createSsoSignInService>;
