import {
  accountSuspendedMessage,
  apiTokenMessages,
  isPermission,
  permissions,
  type TPermission,
} from '@cargodesk/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, Queryable } from '../../db/client.ts';
import { apiTokens, companies, roles, sessions, userRoles, users } from '../../db/schema/index.ts';
import { withTenant } from '../data-access/tenant-transaction.ts';
import { auditActorOf, type TAuditActor } from '../events/audit.ts';
import { AppError } from '../http/errors.ts';
import { readAuthorizationToken } from '../http/http.ts';
import { isSameSecretHash, looksLikeApiToken, parseApiToken } from './api-token-format.ts';
import { createAuthCache, type TAuthCache } from './auth-cache.ts';
import { getOrCreateSecret } from './secrets.ts';

export type TUserRow = typeof users.$inferSelect;
export type TCompanyRow = typeof companies.$inferSelect;

/**
 * Who is calling, resolved once per request from the app token or a personal API token
 * (docs/architecture.md, docs/decisions/018-api-tokens.md).
 */
export type TAuthContext = {
  /** The session's id; for an API token caller, the token's id (it has no session). */
  sessionId: string;
  userId: string;
  companyId: string;
  user: TUserRow;
  company: TCompanyRow;
  roles: string[];
  /** For an API token caller, already narrowed to what both the token and the user's roles allow. */
  permissions: TPermission[];
  /** Set when the caller is an API token: what it was granted, so rights re-read later stay narrowed. */
  apiToken: { id: string; name: string; permissions: TPermission[] } | null;
};

export type TAppTokenClaims = { sid: string; sub: string; cid: string };

export type TAppTokens = {
  issue: (claims: TAppTokenClaims) => Promise<string>;
  /** Resolves the claims; with `allowExpired` an expired but genuine token still counts (refresh, logout). */
  verify: (token: string, options?: { allowExpired?: boolean }) => Promise<TAppTokenClaims>;
};

declare module 'fastify' {
  interface FastifyInstance {
    appTokens: TAppTokens;
    authCache: TAuthCache<TAuthContext>;
  }
  interface FastifyRequest {
    /** The caller as `authenticate` resolved it; null before that, and on public routes. */
    auth: TAuthContext | null;
    /** The caller as an audit actor, built from `auth` the first time `auditActor` is read. */
    authActor: TAuditActor | null;
    /** The signed-in caller of a route behind `authenticate`; reading it elsewhere answers 401. */
    readonly caller: TAuthContext;
    /** The signed-in caller as every audit entry of the request names it; 401 like `caller`. */
    readonly auditActor: TAuditActor;
  }
  interface FastifyContextConfig {
    /**
     * A route with no permission that an API token may still call (who am I, reference lists). Every
     * other route without a permission needs a signed-in session (docs/decisions/018-api-tokens.md).
     */
    isOpenToApiTokens?: boolean;
    /**
     * The permission a signed-in route needs. Checked by the root preValidation hook of
     * registerAuthContext, and read by the route-matrix test to know what each route guards.
     */
    permission?: TPermission;
  }
}

export const appTokenLifetimeSeconds = 12 * 60 * 60;
const issuer = 'cargodesk';
const audience = 'cargodesk-app';

export const authMessages = {
  missing: 'Sign in first: the Authorization header carries no token',
  invalid: 'The sign-in token is not valid',
  expired: 'The sign-in token has expired',
  sessionEnded: 'The session has ended; sign in again',
} as const;

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

// A genuine token stays genuine: its signature is checked once per instance, then only its expiry
// (docs/decisions/007-request-pipeline.md). Bounded, as tokens are many over a day.
const maxVerifiedTokens = 10_000;

export const createAppTokens = (secret: Uint8Array): TAppTokens => {
  const verified = new Map<string, { claims: TAppTokenClaims; expiresAtMs: number }>();
  return {
    issue: ({ sid, sub, cid }) =>
      new SignJWT({ sid, cid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${appTokenLifetimeSeconds}s`)
        .sign(secret),
    verify: async (token, { allowExpired = false } = {}) => {
      const hit = verified.get(token);
      if (hit && (allowExpired || Date.now() < hit.expiresAtMs)) return hit.claims;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer,
          audience,
          // The session row, not the token, bounds how long an expired token may still be refreshed.
          ...(allowExpired ? { currentDate: new Date(0) } : {}),
        });
        const { sid, cid, sub, exp } = payload;
        if (typeof sid !== 'string' || typeof cid !== 'string' || typeof sub !== 'string') {
          throw unauthenticated(authMessages.invalid);
        }
        const claims = { sid, cid, sub };
        if (typeof exp === 'number') {
          if (verified.size >= maxVerifiedTokens) verified.clear();
          verified.set(token, { claims, expiresAtMs: exp * 1000 });
        }
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw unauthenticated(authMessages.expired);
        throw unauthenticated(authMessages.invalid);
      }
    },
  };
};

/** The Admin system role holds every permission, including ones added after the company was made. */
export const permissionsOf = (rows: { permissions: string[]; systemKey: string | null }[]): TPermission[] => {
  if (rows.some((row) => row.systemKey === 'admin')) return [...permissions];
  const granted = new Set(rows.flatMap((row) => row.permissions).filter(isPermission));
  return permissions.filter((permission) => granted.has(permission));
};

const readRoles = (tx: Queryable, companyId: string, userId: string) =>
  tx
    .select({ name: roles.name, permissions: roles.permissions, systemKey: roles.systemKey })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId)));

/**
 * A credential's row (a session, or a personal API token) with its user and company, read inside
 * the company the credential names: a forged company id finds no row.
 */
const readCredential = async <TCredential extends typeof sessions | typeof apiTokens>(
  tx: Queryable,
  credential: TCredential,
  companyId: string,
  id: string,
) => {
  // Both tables have the columns read here; drizzle types the query by one of them.
  const table = credential as typeof sessions;
  const [row] = await tx
    .select({ credential: table, user: users, company: companies })
    .from(table)
    .innerJoin(users, and(eq(users.companyId, table.companyId), eq(users.id, table.userId)))
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  return row as { credential: TCredential['$inferSelect']; user: TUserRow; company: TCompanyRow } | undefined;
};

/** How often a token's last use is written: a busy integration must not write on every request. */
const lastUseWriteIntervalMs = 60_000;

/**
 * The caller behind a personal API token, and until when it lasts unless something changes it first.
 * Read inside the company the token names: a forged company id finds no row. The secret's hash is
 * compared in constant time. No token of that id with that secret answers `unknown`; a known token
 * that may not call (revoked or expired: 401, suspended user or company: 403) answers its refusal.
 */
const loadApiTokenContext = async (
  db: Db,
  presented: { companyId: string; tokenId: string; secretHash: string },
): Promise<
  | { kind: 'unknown' }
  | { kind: 'refused'; error: AppError }
  | { kind: 'caller'; context: TAuthContext; validUntil: number }
> =>
  withTenant(db, presented.companyId, async (tx) => {
    const row = await readCredential(tx, apiTokens, presented.companyId, presented.tokenId);
    if (!row || !isSameSecretHash(row.credential.secretHash, presented.secretHash))
      return { kind: 'unknown' };
    const refused = (error: AppError) => ({ kind: 'refused' as const, error });
    const now = Date.now();
    if (row.credential.revokedAt) return refused(unauthenticated(apiTokenMessages.revoked));
    if (row.credential.expiresAt.getTime() <= now) return refused(unauthenticated(apiTokenMessages.expired));
    if (row.company.status === 'suspended' || row.user.status === 'suspended') {
      return refused(new AppError('FORBIDDEN', accountSuspendedMessage));
    }
    if (row.user.status !== 'active') return refused(unauthenticated(apiTokenMessages.invalid));
    const roleRows = await readRoles(tx, presented.companyId, row.user.id);
    // The token never allows more than the user's roles do now: losing a role narrows it at once.
    const granted = new Set(row.credential.permissions);
    const tokenPermissions = permissions.filter((permission) => granted.has(permission));
    if (!row.credential.lastUsedAt || now - row.credential.lastUsedAt.getTime() >= lastUseWriteIntervalMs) {
      // Conditional, so instances loading the same token at once write it once.
      await tx
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiTokens.companyId, presented.companyId),
            eq(apiTokens.id, presented.tokenId),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now - lastUseWriteIntervalMs)),
            ),
          ),
        );
    }
    return {
      kind: 'caller',
      context: {
        sessionId: row.credential.id,
        userId: row.user.id,
        companyId: presented.companyId,
        user: row.user,
        company: row.company,
        roles: roleRows.map((role) => role.name),
        permissions: permissionsOf(roleRows).filter((permission) => granted.has(permission)),
        apiToken: { id: row.credential.id, name: row.credential.name, permissions: tokenPermissions },
      },
      validUntil: row.credential.expiresAt.getTime(),
    };
  });

/** The caller, and until when its session lasts unless something changes it first. */
const loadAuthContext = async (
  db: Db,
  claims: TAppTokenClaims,
): Promise<{ context: TAuthContext; validUntil: number }> =>
  withTenant(db, claims.cid, async (tx) => {
    const row = await readCredential(tx, sessions, claims.cid, claims.sid);
    const now = Date.now();
    if (!row || row.user.id !== claims.sub) throw unauthenticated(authMessages.sessionEnded);
    // Before the session checks: suspension also revokes the sessions, and the user should learn why.
    if (row.company.status === 'suspended' || row.user.status === 'suspended') {
      throw new AppError('FORBIDDEN', accountSuspendedMessage);
    }
    if (
      row.credential.revokedAt ||
      row.credential.expiresAt.getTime() <= now ||
      row.credential.absoluteExpiresAt.getTime() <= now
    ) {
      throw unauthenticated(authMessages.sessionEnded);
    }
    const roleRows = await readRoles(tx, claims.cid, claims.sub);
    return {
      context: {
        sessionId: claims.sid,
        userId: claims.sub,
        companyId: claims.cid,
        user: row.user,
        company: row.company,
        roles: roleRows.map((role) => role.name),
        permissions: permissionsOf(roleRows),
        apiToken: null,
      },
      validUntil: Math.min(row.credential.expiresAt.getTime(), row.credential.absoluteExpiresAt.getTime()),
    };
  });

/**
 * Decorates `app.appTokens`, `request.auth` and its accessors `request.caller` and
 * `request.auditActor`; call once on the root instance.
 */
export const registerAuthContext = async (app: FastifyInstance) => {
  const secret = await getOrCreateSecret(app.database.db, 'app-token-key');
  app.decorate('appTokens', createAppTokens(new TextEncoder().encode(secret)));
  app.decorate('authCache', createAuthCache<TAuthContext>(app.changes));
  app.decorateRequest('auth', null);
  app.decorateRequest('authActor', null);
  // Getters, not values: a handler on a route without `authenticate` fails loudly with a 401 rather
  // than reading null (or another request's caller) and acting for no one.
  app.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      return requireAuth(this);
    },
  });
  // Built on first use: most requests read and never write the audit trail.
  app.decorateRequest('auditActor', {
    getter(this: FastifyRequest) {
      this.authActor ??= auditActorOf(requireAuth(this), this);
      return this.authActor;
    },
  });
  // Before validation: a caller without the permission learns nothing about the route's input rules.
  app.addHook('preValidation', async (request) => {
    const { permission, isOpenToApiTokens } = request.routeOptions.config;
    // Default deny: a token acts only through permissions it was given, or on routes that say so.
    if (request.auth?.apiToken && !permission && !isOpenToApiTokens) {
      throw new AppError('FORBIDDEN', apiTokenMessages.notForApiTokens);
    }
    if (permission) assertPermission(request.caller, permission);
  });
};

/**
 * An onRequest hook that requires an app token and resolves the caller once for the whole request
 * (`request.caller`, `request.auditActor`): 401 UNAUTHENTICATED without a live session, 403
 * `Account was suspended` for a suspended company or user.
 */
export const authenticate =
  (app: FastifyInstance, { allowExpiredToken = false }: { allowExpiredToken?: boolean } = {}) =>
  async (request: FastifyRequest) => {
    request.auth = await resolveCaller(app, request, allowExpiredToken);
  };

const resolveApiTokenCaller = async (app: FastifyInstance, token: string, ip: string) => {
  const presented = parseApiToken(token);
  if (!presented) throw unauthenticated(apiTokenMessages.invalid);
  // Keyed by the presented secret's hash: a wrong secret never finds the cached caller.
  const key = `api-token:${presented.tokenId}:${presented.secretHash}`;
  const cached = app.authCache.get({ sid: key, cid: presented.companyId }, Date.now());
  if (cached) return cached;
  // Counted before the lookup, as sign-in attempts are (decision 005); a token whose secret was
  // right gives its point back, so only unknown ids and wrong secrets add up.
  const failures = app.rateLimits.apiTokenFailuresPerIp;
  const verdict = await failures.consume(ip);
  if (!verdict.isAllowed) {
    throw new AppError('RATE_LIMITED', apiTokenMessages.tooManyFailures, {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const loadStamp = app.authCache.stamp(presented.companyId);
  const loaded = await loadApiTokenContext(app.database.db, presented);
  if (loaded.kind === 'unknown') throw unauthenticated(apiTokenMessages.invalid);
  await failures.refund(ip);
  if (loaded.kind === 'refused') throw loaded.error;
  app.authCache.set(loaded.context, loaded.validUntil, loadStamp, Date.now(), key);
  return loaded.context;
};

const resolveCaller = async (app: FastifyInstance, request: FastifyRequest, allowExpiredToken: boolean) => {
  const token = readAuthorizationToken(request);
  if (!token) throw unauthenticated(authMessages.missing);
  // An API token is never "expired but allowed": refresh and sign-out are for sessions only.
  if (looksLikeApiToken(token)) return resolveApiTokenCaller(app, token, request.ip);
  const claims = await app.appTokens.verify(token, { allowExpired: allowExpiredToken });
  const cached = app.authCache.get(claims, Date.now());
  if (cached) return cached;
  const loadStamp = app.authCache.stamp(claims.cid);
  const { context, validUntil } = await loadAuthContext(app.database.db, claims);
  app.authCache.set(context, validUntil, loadStamp, Date.now());
  return context;
};

/**
 * The caller of a long response (a streamed export) checked again while it runs: a session ended, a
 * user or company suspended, or the permission taken away since the request began throws, as the
 * request's own check would have. Answered from the cache until a change to the company clears it.
 */
export const reauthenticate = async (
  app: FastifyInstance,
  request: FastifyRequest,
  permission: TPermission,
) => {
  const auth = await resolveCaller(app, request, false);
  assertPermission(auth, permission);
  return auth;
};

/** The resolved caller of a route behind `authenticate`; handlers read it as `request.caller`. */
export const requireAuth = (request: FastifyRequest): TAuthContext => {
  if (!request.auth) throw unauthenticated(authMessages.missing);
  return request.auth;
};

export const assertPermission = (auth: TAuthContext, permission: TPermission) => {
  if (!auth.permissions.includes(permission)) {
    throw new AppError('FORBIDDEN', `This needs the ${permission} permission`);
  }
};

/** A preHandler that lets through only callers whose roles grant `permission`. */
export const requirePermission = (permission: TPermission) => async (request: FastifyRequest) => {
  assertPermission(request.caller, permission);
};
