import {
  apiTokenMaxActivePerUser,
  apiTokenMessages,
  type TApiToken,
  type TCreateApiTokenRequest,
  type TCreatedApiToken,
} from '@cargodesk/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { createApiTokenText } from '../../../platform/auth/api-token-format.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import {
  grantMessages,
  holdsEveryPermission,
  lockRightsAndReadGrantor,
  maySeeApiToken,
} from '../roles-and-groups/grant-rules.ts';
import * as repository from './api-tokens-repository.ts';

// Personal API tokens (docs/decisions/018-api-tokens.md): each user manages only their own, from a
// signed-in session; a token itself can neither make nor see tokens.

const dayMs = 24 * 60 * 60 * 1000;
/** The list is the owner's own and never long; revoked and expired tokens past this drop off it. */
const listLimit = 200;

const toApiToken = (row: repository.TApiTokenRow): TApiToken => ({
  _id: row.id,
  name: row.name,
  permissions: row.permissions,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** What the audit trail keeps of a token: never its secret or hash, nor the last use. */
const auditViewOf = ({ _id, name, permissions, expiresAt, revokedAt }: TApiToken) => ({
  _id,
  name,
  permissions,
  expiresAt,
  revokedAt,
});

/** The routes refuse token callers already; the service does too, whoever calls it. */
const assertSession = (auth: TAuthContext) => {
  if (auth.apiToken) throw new AppError('FORBIDDEN', apiTokenMessages.notForApiTokens);
};

export type TApiTokensServiceDependencies = {
  db: Db;
  /** Counted per user before anything is written. */
  creationsPerUser: TRateLimit;
};

export const createApiTokensService = ({ db, creationsPerUser }: TApiTokensServiceDependencies) => {
  const listTokens = async (auth: TAuthContext): Promise<TApiToken[]> => {
    assertSession(auth);
    const rows = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findUserApiTokens(tx, { companyId: auth.companyId, userId: auth.userId, limit: listLimit }),
    );
    return rows.map(toApiToken);
  };

  const createToken = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { name, expiresInDays, permissions }: TCreateApiTokenRequest,
  ): Promise<TCreatedApiToken> => {
    assertSession(auth);
    const verdict = await creationsPerUser.consume(`${auth.companyId}/${auth.userId}`);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', apiTokenMessages.tooManyCreated, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    return withTenant(db, auth.companyId, async (tx) => {
      // Under the company's rights lock, with the caller's permissions read again: a role taken away
      // a moment ago is not handed out, and two parallel creations cannot both pass the cap.
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const granted = [...new Set(permissions)];
      const missing = granted.filter((permission) => !grantor.permissions.includes(permission));
      if (missing.length > 0) {
        throw new AppError('FORBIDDEN', apiTokenMessages.permissionsNotHeld(missing), {
          permissions: missing,
        });
      }
      const now = new Date();
      const active = await repository.countActiveApiTokens(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        now,
      });
      if (active >= apiTokenMaxActivePerUser) {
        throw new AppError('CONFLICT', apiTokenMessages.tooMany(apiTokenMaxActivePerUser));
      }
      const tokenId = createId();
      const { token, secretHash } = createApiTokenText({ companyId: auth.companyId, tokenId });
      const row = await repository.insertApiToken(tx, {
        companyId: auth.companyId,
        id: tokenId,
        userId: auth.userId,
        name,
        secretHash,
        permissions: granted,
        createdAt: now,
        expiresAt: new Date(now.getTime() + expiresInDays * dayMs),
      });
      const created = toApiToken(row);
      await auditTrails['api-token'](tx, actor, 'create', tokenId, { after: auditViewOf(created) });
      return { ...created, token };
    });
  };

  /** Revokes a token the caller may act on, and audits it; one already revoked stays as it was. */
  const revokeFound = async (
    tx: Tx,
    actor: TAuditActor,
    key: { companyId: string; userId: string; tokenId: string },
    current: repository.TApiTokenRow,
  ): Promise<TApiToken> => {
    if (current.revokedAt) return toApiToken(current);
    const revoked = await repository.revokeApiToken(tx, { ...key, now: new Date() });
    if (!revoked) throw new AppError('NOT_FOUND', apiTokenMessages.notFound);
    const after = toApiToken(revoked);
    await auditTrails['api-token'](tx, actor, 'revoke', key.tokenId, {
      before: auditViewOf(toApiToken(current)),
      after: auditViewOf(after),
    });
    return after;
  };

  /** Another user's token, or another company's, is not found: ids tell nothing. Revoking twice is fine. */
  const revokeToken = async (auth: TAuthContext, actor: TAuditActor, tokenId: string): Promise<TApiToken> => {
    assertSession(auth);
    return withTenant(db, auth.companyId, async (tx) => {
      const key = { companyId: auth.companyId, userId: auth.userId, tokenId };
      const current = await repository.findUserApiToken(tx, key);
      if (!current) throw new AppError('NOT_FOUND', apiTokenMessages.notFound);
      return revokeFound(tx, actor, key, current);
    });
  };

  /**
   * An admin's view (users:write) of a colleague's tokens; another company's user is not found.
   * Tokens carrying a permission the caller lacks are left out, as if they did not exist: the card
   * on the user's page lists what the caller may act on.
   */
  const listUserTokens = async (auth: TAuthContext, userId: string): Promise<TApiToken[]> => {
    assertSession(auth);
    const rows = await withTenantRead(db, auth.companyId, async (tx) => {
      const user = await repository.findCompanyUserAdminFlag(tx, { companyId: auth.companyId, userId });
      if (!user) throw new AppError('NOT_FOUND', apiTokenMessages.userNotFound);
      return repository.findUserApiTokens(tx, { companyId: auth.companyId, userId, limit: listLimit });
    });
    return rows.filter((row) => maySeeApiToken(auth, row)).map(toApiToken);
  };

  /**
   * An admin revokes a colleague's token (a leaked one, someone leaving). An admin's tokens only by
   * someone holding every permission, as for the admin's roles and status.
   */
  const revokeUserToken = async (
    auth: TAuthContext,
    actor: TAuditActor,
    { userId, tokenId }: { userId: string; tokenId: string },
  ): Promise<TApiToken> => {
    assertSession(auth);
    return withTenant(db, auth.companyId, async (tx) => {
      const grantor = await lockRightsAndReadGrantor(tx, auth);
      const user = await repository.findCompanyUserAdminFlag(tx, { companyId: auth.companyId, userId });
      if (!user) throw new AppError('NOT_FOUND', apiTokenMessages.userNotFound);
      const key = { companyId: auth.companyId, userId, tokenId };
      const current = await repository.findUserApiToken(tx, key);
      // A token the caller may not see is not found, whatever its id gave away elsewhere.
      if (!current || !maySeeApiToken(grantor, current))
        throw new AppError('NOT_FOUND', apiTokenMessages.notFound);
      if (user.isAdmin && !holdsEveryPermission(grantor))
        throw new AppError('FORBIDDEN', grantMessages.adminOnly);
      return revokeFound(tx, actor, key, current);
    });
  };

  return { listTokens, createToken, revokeToken, listUserTokens, revokeUserToken };
};
