import { randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';
import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { SigningKey } from './signing-keys.ts';

export const idTokenLifetimeSeconds = 3600;

export type TAccountClaims = {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
};

export type TIdTokenClaims = JWTPayload & {
  user_id: string;
  auth_time: number;
  email: string;
  email_verified: boolean;
  firebase: { identities: { email: string[] }; sign_in_provider: string };
};

/** The ID token issuer of one project: ours, not Google's (identity-protocol.md §4). */
// Token refresh signs one token per request. node:crypto's async sign runs on libuv's pool at about
// 1.6 times the rate of jose's WebCrypto path here, so tokens are assembled directly; jose verifies.
const signAsync = promisify(sign);
const encodeSegment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const issuerFor = (publicUrl: string, projectId: string) => `${publicUrl}/identity/${projectId}`;

export const signIdToken = async ({
  key,
  issuer,
  projectId,
  account,
  authTime,
  notBefore,
  signInProvider = 'password',
}: {
  key: SigningKey;
  issuer: string;
  projectId: string;
  account: TAccountClaims;
  authTime: number;
  /** The account's validSince: a token minted in the second of a revocation, after it, must pass it. */
  notBefore: number;
  /** `password`, or the identity provider's id (`oidc.…`) for a single sign-on session. */
  signInProvider?: string;
}) => {
  const now = Math.max(Math.floor(Date.now() / 1000), notBefore);
  const header = { alg: 'RS256', kid: key.kid, typ: 'JWT' };
  const payload = {
    iss: issuer,
    aud: projectId,
    sub: account.uid,
    iat: now,
    exp: now + idTokenLifetimeSeconds,
    // RS256 signatures are deterministic: without a unique id, two tokens issued in one second for
    // one account are identical, and the SDK then ignores the new refresh token that came with it.
    jti: randomBytes(12).toString('base64url'),
    ...(account.displayName ? { name: account.displayName } : {}),
    ...(account.photoUrl ? { picture: account.photoUrl } : {}),
    user_id: account.uid,
    auth_time: authTime,
    email: account.email,
    email_verified: account.emailVerified,
    firebase: { identities: { email: [account.email] }, sign_in_provider: signInProvider },
  };
  const signingInput = `${encodeSegment(header)}.${encodeSegment(payload)}`;
  const signature = await signAsync('sha256', Buffer.from(signingInput), key.privateKey);
  return `${signingInput}.${signature.toString('base64url')}`;
};

export type IdTokenVerifier = (token: string, issuer: string, projectId: string) => Promise<TIdTokenClaims>;

/** Checks signature, issuer, audience, expiry and the claims a backend must check (identity-protocol.md §4). */
export const createIdTokenVerifier = (jwks: { keys: Record<string, unknown>[] }): IdTokenVerifier => {
  const keySet = createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]);
  return async (token, issuer, projectId) => {
    const { payload } = await jwtVerify(token, keySet, {
      issuer,
      audience: projectId,
      algorithms: ['RS256'],
    });
    const claims = payload as TIdTokenClaims;
    const now = Math.floor(Date.now() / 1000);
    if (
      !claims.sub ||
      claims.sub.length > 128 ||
      typeof claims.auth_time !== 'number' ||
      claims.auth_time > now + 60
    ) {
      throw new Error('ID token claims are invalid');
    }
    return claims;
  };
};
