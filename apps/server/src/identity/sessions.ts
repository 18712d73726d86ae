import { randomBytes } from 'node:crypto';
import { errors as joseErrors } from 'jose';
import type { Queryable } from '../db/client.ts';
import { idTokenLifetimeSeconds, issuerFor, signIdToken, type TIdTokenClaims } from './id-tokens.ts';
import { hashSecret, type IdentityContext, nowInSeconds } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import { findAccountById, type IdentityAccount, insertRefreshToken } from './identity-repository.ts';
import type { IdentityProject } from './projects.ts';

export type TTokenSet = { localId: string; idToken: string; refreshToken: string; expiresIn: string };

export const signAccountIdToken = (
  context: IdentityContext,
  project: IdentityProject,
  account: IdentityAccount,
  authTime: number,
  signInProvider = 'password',
) =>
  signIdToken({
    key: context.signingKey,
    issuer: issuerFor(context.config.publicUrl, project.projectId),
    projectId: project.projectId,
    account: {
      uid: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      displayName: account.displayName,
      photoUrl: account.photoUrl,
    },
    authTime,
    notBefore: account.validSince,
    signInProvider,
  });

/** A new session: a 256-bit refresh token (stored hashed) and an ID token, in the caller's transaction. */
export const issueTokenSet = async (
  context: IdentityContext,
  db: Queryable,
  project: IdentityProject,
  account: IdentityAccount,
  /** How the session began; its refreshed ID tokens keep naming it. */
  signInProvider = 'password',
): Promise<TTokenSet> => {
  const refreshToken = randomBytes(32).toString('base64url');
  // Counted from validSince at the earliest, as its ID tokens are: a session that starts in the
  // second of a revocation, after it, must outlive it (identity-repository.ts revokedValidSince).
  const createdAt = new Date(Math.max(Date.now(), account.validSince * 1000));
  await insertRefreshToken(db, {
    tokenHash: hashSecret(refreshToken),
    projectId: project.projectId,
    accountId: account.id,
    createdAt,
    signInProvider,
  });
  const idToken = await signAccountIdToken(context, project, account, nowInSeconds(), signInProvider);
  return { localId: account.id, idToken, refreshToken, expiresIn: String(idTokenLifetimeSeconds) };
};

/**
 * The account behind an ID token, with the checks the SDK relies on: a bad token is
 * INVALID_ID_TOKEN (user kept), an expired or revoked one TOKEN_EXPIRED (user signed out).
 */
export const authenticateIdToken = async (
  context: IdentityContext,
  project: IdentityProject,
  idToken: unknown,
): Promise<{ account: IdentityAccount; claims: TIdTokenClaims }> => {
  if (typeof idToken !== 'string' || idToken.length === 0) throw new IdentityError('MISSING_ID_TOKEN');
  let claims: TIdTokenClaims;
  try {
    claims = await context.verifyToken(
      idToken,
      issuerFor(context.config.publicUrl, project.projectId),
      project.projectId,
    );
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new IdentityError('TOKEN_EXPIRED');
    throw new IdentityError('INVALID_ID_TOKEN');
  }
  const account = await findAccountById(context.db, project.projectId, String(claims.sub));
  if (!account) throw new IdentityError('USER_NOT_FOUND');
  if (account.disabled) throw new IdentityError('USER_DISABLED');
  if ((claims.iat ?? 0) < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
  return { account, claims };
};

/**
 * Changing credentials or deleting needs a sign-in within this window (identity-protocol.md §10.6);
 * the app's own sign-in confirmation holds to the same one.
 */
export const recentLoginSeconds = 5 * 60;

export const requireRecentLogin = (claims: TIdTokenClaims) => {
  if (nowInSeconds() - claims.auth_time > recentLoginSeconds)
    throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
};
