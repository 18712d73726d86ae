import {
  accountSuspendedMessage,
  ssoMessages,
  type TCurrentUser,
  type TLoginResponse,
  type TUserCounts,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import type { IdentityAdmin, TVerifiedIdentity } from '../../../identity/identity-admin.ts';
import { IdentityError } from '../../../identity/identity-error.ts';
import { recentLoginSeconds } from '../../../identity/sessions.ts';
import type { TMailer } from '../../../mail/mail-plugin.ts';
import type { TAppTokens, TAuthContext, TCompanyRow, TUserRow } from '../../../platform/auth/auth-context.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import type { TDomainEvents } from '../../../platform/events/domain-events.ts';
import type { TEventsBus } from '../../../platform/events/events-bus.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { isPlanExpired, toCompany, toPersonFields, toProduct } from '../mappers.ts';
import * as repository from '../repository.ts';
import { isPasswordSignInBlocked, ssoProviderIdOf } from '../single-sign-on/sso-policy.ts';
import { endSessions } from './session-end.ts';
import { signInActor, type TCaller } from './sign-in-caller.ts';
import {
  buildCodeMail,
  generateCode,
  hashCode,
  isSameHash,
  twoFactorMessages,
  twoFactorRules,
} from './two-factor.ts';
import { recordTwoFactorSignIn } from './two-factor-sign-ins.ts';

const sessionSlideMs = 7 * 24 * 60 * 60 * 1000;
const sessionAbsoluteMs = 30 * 24 * 60 * 60 * 1000;

export const iamMessages = {
  missingIdToken: 'Sign in first: the Authorization header carries no ID token',
  invalidIdToken: 'The ID token is not valid or has expired; sign in again',
  revokedIdToken: 'The sign-in was revoked; sign in again',
  otherProject: 'The ID token belongs to another identity project than this site uses',
  noAccount: 'No Cargodesk account for this sign-in; register first',
  alreadyRegistered: 'This sign-in already belongs to a Cargodesk account',
  unknownCountry: 'is not a country we know: choose one from the list',
  invitationNeedsMailbox:
    'Accept the invitation through the link in its email: it sets your password and proves the address is yours',
  tooManyRegistrations: 'Too many companies were registered from this address; try again later',
} as const;

export const signInConfirmationMessages = {
  invalidIdToken: 'is not a valid sign-in; sign in again',
  notRecent: 'is from a sign-in more than 5 minutes old; sign in again',
  otherAccount: 'The sign-in belongs to another account than this session',
  tooMany: 'Too many sign-in confirmations; try again later',
} as const;

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

type TCodeOutcome =
  | { kind: 'wrong' }
  | { kind: 'expired' }
  | { kind: 'locked' }
  | { kind: 'signedIn'; response: TLoginResponse };

/** Sign-in with an ID token, two-factor codes, and the app session it starts (docs/architecture.md). */
export type TSignInServiceDependencies = {
  db: Db;
  identityAdmin: Pick<IdentityAdmin, 'verifyIdToken' | 'isPlatformAdmin'>;
  appTokens: TAppTokens;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  domainEvents: Pick<TDomainEvents, 'emit'>;
  events: TEventsBus;
  /** The least time between two mailed sign-in codes (TWO_FACTOR_RESEND_INTERVAL_MS; 30 s). */
  codeResendIntervalMs?: number;
  /** Sign-in confirmations (POST /auth/confirm-sign-in) per user. */
  confirmationsPerUser: Pick<TRateLimit, 'consume'>;
};

export const createSignInService = async ({
  db,
  identityAdmin,
  appTokens,
  mailer,
  domainEvents,
  events,
  codeResendIntervalMs = twoFactorRules.resendIntervalMs,
  confirmationsPerUser,
}: TSignInServiceDependencies) => {
  // Read up front: on PGlite a query outside an open transaction would wait for it to end.
  const codeKey = await getOrCreateSecret(db, 'two-factor-code-key');

  const verifyIdentity = async ({ idToken, project }: TCaller): Promise<TVerifiedIdentity> => {
    if (!idToken) throw unauthenticated(iamMessages.missingIdToken);
    let identity: TVerifiedIdentity;
    try {
      identity = await identityAdmin.verifyIdToken(idToken);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      if (error.code === 'USER_DISABLED') throw new AppError('FORBIDDEN', accountSuspendedMessage);
      if (error.code === 'TOKEN_EXPIRED') throw unauthenticated(iamMessages.revokedIdToken);
      throw unauthenticated(iamMessages.invalidIdToken);
    }
    if (identity.project !== project) throw unauthenticated(iamMessages.otherProject);
    return identity;
  };

  /** The signed-in user's company context, refusing suspended accounts; everything after runs in it. */
  const withSignedInUser = async <T>(
    caller: TCaller,
    work: (args: { tx: Tx; user: TUserRow; company: TCompanyRow; identity: TVerifiedIdentity }) => Promise<T>,
  ): Promise<T> => {
    const identity = await verifyIdentity(caller);
    const link = await repository.findUserLinkByIdentity(db, identity.project, identity.uid);
    if (!link) throw new AppError('NOT_FOUND', iamMessages.noAccount);
    return withTenant(db, link.companyId, async (tx) => {
      const row = await repository.findUserWithCompany(tx, link.companyId, link.userId);
      if (!row) throw new AppError('NOT_FOUND', iamMessages.noAccount);
      if (row.company.status === 'suspended' || row.user.status === 'suspended') {
        throw new AppError('FORBIDDEN', accountSuspendedMessage);
      }
      // docs/security.md: joining a company by invitation needs proof of the mailbox (the mailed link
      // verifies the address); an account someone else created for the address proves nothing. The
      // company's own identity provider vouches for its addresses too, for this company alone
      // (docs/decisions/032): its ID token names it, and no other company's provider counts.
      const isVouchedByCompanyProvider = identity.signInProvider === ssoProviderIdOf(row.company.id);
      if (row.user.status === 'invited' && !identity.emailVerified && !isVouchedByCompanyProvider) {
        throw new AppError('FORBIDDEN', iamMessages.invitationNeedsMailbox);
      }
      // A company that requires single sign-on takes no other sign-in from its members (sso-policy.ts).
      if (
        identity.signInProvider !== ssoProviderIdOf(row.company.id) &&
        (await isPasswordSignInBlocked(tx, row.company.id, row.user.id))
      ) {
        throw new AppError('FORBIDDEN', ssoMessages.requireSso);
      }
      return work({ tx, ...row, identity });
    });
  };

  const startSession = async (
    tx: Tx,
    { user, caller }: { user: TUserRow; caller: TCaller },
  ): Promise<string> => {
    const now = Date.now();
    const sessionId = createId();
    await repository.insertSession(tx, {
      companyId: user.companyId,
      id: sessionId,
      userId: user.id,
      expiresAt: new Date(now + sessionSlideMs),
      absoluteExpiresAt: new Date(now + sessionAbsoluteMs),
      ip: caller.ip,
      userAgent: caller.userAgent?.slice(0, 400) ?? null,
    });
    await repository.markUserSignedIn(tx, user.companyId, user.id);
    if (user.status === 'invited') {
      // The first sign-in accepts the invitation: the user becomes active.
      await recordAudit(tx, signInActor(user, caller), {
        entityType: 'user',
        entityId: user.id,
        action: 'update',
        before: { status: 'invited' },
        after: { status: 'active' },
      });
      await domainEvents.emit(tx, {
        type: 'user-joined',
        companyId: user.companyId,
        user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      });
    }
    await recordAudit(tx, signInActor(user, caller), {
      entityType: 'session',
      entityId: sessionId,
      action: 'sign-in',
    });
    const company = await repository.findUserWithCompany(tx, user.companyId, user.id);
    if (company) {
      await domainEvents.emit(tx, {
        type: 'user-signed-in',
        companyId: user.companyId,
        userId: user.id,
        planExpiresAt: company.company.planExpiresAt,
      });
    }
    return appTokens.issue({ sid: sessionId, sub: user.id, cid: user.companyId });
  };

  const buildLoginResponse = async (
    tx: Tx,
    { user, company, jwt }: { user: TUserRow; company: TCompanyRow; jwt?: string },
  ): Promise<TLoginResponse> => {
    // Before the code, the caller has proved only the password: it learns nothing of the company
    // (plan, address, phone, products) until the mailed code is entered.
    if (jwt === undefined) return { twoFactorAuth: true, emailId: user.email };
    return {
      jwt,
      twoFactorAuth: false,
      emailId: user.email,
      company: toCompany(company),
      products: (await repository.findCompanyProducts(tx, company.id)).map(toProduct),
    };
  };

  /** Mails a fresh code unless one is still usable or an unused one was sent moments ago. Returns whether it mailed. */
  const sendCode = async (tx: Tx, { user, force }: { user: TUserRow; force: boolean }): Promise<boolean> => {
    const now = Date.now();
    const recent = await repository.findRecentTwoFactorCodes(tx, {
      companyId: user.companyId,
      userId: user.id,
      since: new Date(now - 60 * 60 * 1000),
    });
    const latest = recent[0];
    const isUsable =
      latest &&
      !latest.closedAt &&
      latest.expiresAt.getTime() > now &&
      latest.attempts < twoFactorRules.maxAttempts;
    // Only an unused code holds back the next one: after signing in with a code, signing out and in
    // again at once must mail a new code, not leave the user waiting for one that never comes.
    const isTooSoon = latest && !latest.closedAt && now - latest.createdAt.getTime() < codeResendIntervalMs;
    const isOverCap = recent.length >= twoFactorRules.maxCodesPerHour;
    if (!force && (isUsable || isTooSoon || isOverCap)) return false;
    if (isTooSoon) {
      const waitMs = codeResendIntervalMs - (now - (latest?.createdAt.getTime() ?? now));
      throw new AppError('RATE_LIMITED', twoFactorMessages.resendTooSoon, {
        retryAfterSeconds: Math.ceil(waitMs / 1000),
      });
    }
    if (isOverCap) throw new AppError('RATE_LIMITED', twoFactorMessages.tooManyCodes);
    const code = generateCode();
    const codeId = createId();
    await repository.closeTwoFactorCodes(tx, user.companyId, user.id);
    await repository.insertTwoFactorCode(tx, {
      companyId: user.companyId,
      id: codeId,
      userId: user.id,
      codeHash: hashCode({ key: codeKey, codeId, code }),
      expiresAt: new Date(now + twoFactorRules.codeLifetimeMs),
    });
    await mailer.enqueue(await buildCodeMail({ email: user.email, code, companyId: user.companyId }), tx);
    return true;
  };

  const login = async (caller: TCaller): Promise<TLoginResponse> => {
    let mailed = false;
    const response = await withSignedInUser(caller, async ({ tx, user, company }) => {
      if (company.twoFactorAuth) {
        mailed = await sendCode(tx, { user, force: false });
        return buildLoginResponse(tx, { user, company });
      }
      return buildLoginResponse(tx, { user, company, jwt: await startSession(tx, { user, caller }) });
    });
    if (mailed) mailer.wake();
    return response;
  };

  const resendCode = async (caller: TCaller): Promise<{ sent: true }> => {
    await withSignedInUser(caller, async ({ tx, user, company }) => {
      if (!company.twoFactorAuth) throw new AppError('BAD_REQUEST', twoFactorMessages.notEnabled);
      await sendCode(tx, { user, force: true });
    });
    mailer.wake();
    return { sent: true };
  };

  /** Why a code that was open a moment ago took no try: spent by other guesses, or closed. */
  const codeGone = async (tx: Tx, user: TUserRow): Promise<TCodeOutcome> => {
    const [latest] = await repository.findRecentTwoFactorCodes(tx, {
      companyId: user.companyId,
      userId: user.id,
      since: new Date(Date.now() - twoFactorRules.codeLifetimeMs),
    });
    const isOpen = latest && !latest.closedAt && latest.expiresAt.getTime() > Date.now();
    return isOpen ? { kind: 'locked' } : { kind: 'expired' };
  };

  const signInWithCode = async (caller: TCaller, code: string): Promise<TLoginResponse> => {
    // A wrong try must be counted even though the request fails, so the outcome commits first.
    const outcome = await withSignedInUser(
      caller,
      async ({ tx, user, company, identity }): Promise<TCodeOutcome> => {
        if (!company.twoFactorAuth) throw new AppError('BAD_REQUEST', twoFactorMessages.notEnabled);
        const [latest] = await repository.findRecentTwoFactorCodes(tx, {
          companyId: user.companyId,
          userId: user.id,
          since: new Date(Date.now() - twoFactorRules.codeLifetimeMs),
        });
        if (!latest || latest.closedAt || latest.expiresAt.getTime() <= Date.now())
          return { kind: 'expired' };
        // Counted before comparing, in one update that parallel guesses queue on: reading the count
        // first let every guess in flight see the same count and be compared.
        const counted = await repository.countTwoFactorAttempt(tx, {
          companyId: user.companyId,
          codeId: latest.id,
          maxAttempts: twoFactorRules.maxAttempts,
        });
        // No row: its tries are spent, or a parallel request used or replaced it meanwhile.
        if (!counted) return codeGone(tx, user);
        const expected = hashCode({ key: codeKey, codeId: counted.id, code });
        if (!isSameHash(expected, counted.codeHash)) {
          await recordAudit(tx, signInActor(user, caller), {
            entityType: 'user',
            entityId: user.id,
            action: 'two-factor-failed',
          });
          return { kind: 'wrong' };
        }
        await repository.closeTwoFactorCodes(tx, user.companyId, user.id);
        // This sign-in may now change its identity account (docs/decisions/042).
        await recordTwoFactorSignIn(tx, {
          companyId: user.companyId,
          userId: user.id,
          authTime: identity.authTime,
        });
        const jwt = await startSession(tx, { user, caller });
        return { kind: 'signedIn', response: await buildLoginResponse(tx, { user, company, jwt }) };
      },
    );
    switch (outcome.kind) {
      case 'signedIn':
        return outcome.response;
      case 'wrong':
        throw unauthenticated(twoFactorMessages.wrongCode);
      case 'expired':
        throw unauthenticated(twoFactorMessages.expiredCode);
      case 'locked':
        throw new AppError('RATE_LIMITED', twoFactorMessages.tooManyAttempts);
    }
  };

  /**
   * A signed-in user re-authenticated (a new identity sign-in with a new auth_time) and asks, with the
   * app session the mailed code opened, that this sign-in count as having passed the second factor,
   * so its ID token may change their identity account (docs/decisions/042). Only a sign-in of the
   * same identity account, recent enough to change credentials, is confirmed.
   */
  const confirmSignIn = async (
    auth: TAuthContext,
    actor: TAuditActor,
    idToken: string,
  ): Promise<{ confirmed: true }> => {
    const verdict = await confirmationsPerUser.consume(auth.userId);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', signInConfirmationMessages.tooMany, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    let identity: TVerifiedIdentity;
    try {
      identity = await identityAdmin.verifyIdToken(idToken);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      throw fieldError('idToken', signInConfirmationMessages.invalidIdToken);
    }
    if (identity.project !== auth.user.identityProject || identity.uid !== auth.user.identityUid) {
      throw new AppError('FORBIDDEN', signInConfirmationMessages.otherAccount);
    }
    if (Date.now() / 1000 - identity.authTime > recentLoginSeconds) {
      throw fieldError('idToken', signInConfirmationMessages.notRecent);
    }
    await withTenant(db, auth.companyId, async (tx) => {
      await recordTwoFactorSignIn(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        authTime: identity.authTime,
      });
      await auditTrails.session(tx, actor, 'sign-in-confirmed', auth.sessionId);
    });
    return { confirmed: true };
  };

  const refreshToken = async (auth: TAuthContext): Promise<{ jwt: string }> => {
    const slid = await withTenant(db, auth.companyId, (tx) =>
      repository.slideSession(tx, {
        companyId: auth.companyId,
        sessionId: auth.sessionId,
        slideMs: sessionSlideMs,
      }),
    );
    if (!slid) throw unauthenticated('The session has ended; sign in again');
    return { jwt: await appTokens.issue({ sid: auth.sessionId, sub: auth.userId, cid: auth.companyId }) };
  };

  const logout = async (auth: TAuthContext, actor: TAuditActor): Promise<{ ok: true }> => {
    await withTenant(db, auth.companyId, async (tx) => {
      await endSessions(tx, events, {
        companyId: auth.companyId,
        userId: auth.userId,
        sessionId: auth.sessionId,
      });
      await auditTrails.session(tx, actor, 'sign-out', auth.sessionId);
    });
    return { ok: true };
  };

  const getCurrentUser = async (auth: TAuthContext): Promise<TCurrentUser> => {
    const { user, company } = auth;
    const [products, isSuperAdmin] = await Promise.all([
      withTenantRead(db, auth.companyId, (tx) => repository.findCompanyProducts(tx, auth.companyId)),
      identityAdmin.isPlatformAdmin(user.identityProject, user.identityUid),
    ]);
    return {
      ...toPersonFields(user),
      companyId: company.id,
      products: products.map(toProduct),
      isExpired: isPlanExpired(company),
      company: toCompany(company),
      roles: auth.roles,
      permissions: auth.permissions,
      isSuperAdmin,
    };
  };

  const countUsers = async (auth: TAuthContext): Promise<TUserCounts> => {
    const rows = await withTenantRead(db, auth.companyId, (tx) =>
      repository.countUsersByStatus(tx, auth.companyId),
    );
    const counts = { active: 0, invited: 0, suspended: 0 };
    for (const { status, count } of rows) counts[status] = count;
    return { total: counts.active + counts.invited + counts.suspended, ...counts };
  };

  return {
    login,
    resendCode,
    signInWithCode,
    confirmSignIn,
    /** What registration shares with sign-in: checking the ID token and starting the app session. */
    parts: { verifyIdentity, startSession, buildLoginResponse },
    refreshToken,
    logout,
    getCurrentUser,
    countUsers,
  };
};

export type TSignInService = Awaited<ReturnType<typeof createSignInService>>;
