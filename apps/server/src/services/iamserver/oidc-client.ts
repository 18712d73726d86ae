import { createHash, randomBytes } from 'node:crypto';
import { createLocalJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { TProviderMetadata } from '../../db/schema/index.ts';

// The relying-party half of OpenID Connect's authorization-code flow with PKCE, for a confidential
// client (docs/decisions/020-single-sign-on.md). Small enough to own: jose verifies the ID token,
// and every fetch goes to an address the company admin gave, so each is bounded in time and size
// and follows no redirect.

export type TJwks = { keys: Record<string, unknown>[] };

export class OidcError extends Error {
  override name = 'OidcError';
}

const fetchTimeoutMs = 5000;
const maxBodyBytes = 512 * 1024;

const assertAllowedUrl = (value: unknown, { allowHttp }: { allowHttp: boolean }): string => {
  if (typeof value !== 'string') throw new OidcError('An endpoint is missing');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcError(`${value} is not a URL`);
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    throw new OidcError(`${value} must use https`);
  }
  if (url.username || url.password) throw new OidcError(`${value} must not carry credentials`);
  return value;
};

const readJson = async (response: Response): Promise<Record<string, unknown>> => {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBodyBytes) throw new OidcError('The answer is too large');
  const text = await response.text();
  if (text.length > maxBodyBytes) throw new OidcError('The answer is too large');
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new OidcError('The answer is not a JSON object');
  }
};

const boundedFetch = async (url: string, init: RequestInit = {}) => {
  try {
    return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(fetchTimeoutMs) });
  } catch {
    throw new OidcError(`${new URL(url).origin} did not answer`);
  }
};

const fetchJwks = async (jwksUri: string): Promise<TJwks> => {
  const response = await boundedFetch(jwksUri, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new OidcError(`The key set answered ${response.status}`);
  const jwks = await readJson(response);
  const keys = Array.isArray(jwks.keys)
    ? jwks.keys.filter((key): key is Record<string, unknown> => typeof key === 'object' && key !== null)
    : [];
  if (keys.length === 0) throw new OidcError('The key set has no keys');
  // Public parts only: a provider that publishes private members by mistake is not copied.
  const publicMembers = ['kty', 'kid', 'use', 'alg', 'n', 'e', 'crv', 'x', 'y', 'key_ops'];
  return {
    keys: keys.map((key) =>
      Object.fromEntries(Object.entries(key).filter(([name]) => publicMembers.includes(name))),
    ),
  };
};

/** Discovery and key set of an issuer, checked as OpenID Connect Discovery 1.0 §4.3 asks. */
export const discoverProvider = async (
  issuer: string,
  { allowHttp }: { allowHttp: boolean },
): Promise<{ metadata: TProviderMetadata; jwks: TJwks }> => {
  assertAllowedUrl(issuer, { allowHttp });
  const response = await boundedFetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new OidcError(`Discovery answered ${response.status}`);
  const document = await readJson(response);
  // The issuer must name itself exactly: otherwise another provider's tokens could pass as its own.
  if (document.issuer !== issuer) throw new OidcError('Discovery names a different issuer');
  const metadata: TProviderMetadata = {
    issuer,
    authorization_endpoint: assertAllowedUrl(document.authorization_endpoint, { allowHttp }),
    token_endpoint: assertAllowedUrl(document.token_endpoint, { allowHttp }),
    jwks_uri: assertAllowedUrl(document.jwks_uri, { allowHttp }),
  };
  const responseTypes = document.response_types_supported;
  if (Array.isArray(responseTypes) && !responseTypes.includes('code')) {
    throw new OidcError('The provider does not offer the authorization-code flow');
  }
  return { metadata, jwks: await fetchJwks(metadata.jwks_uri) };
};

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** State, nonce and PKCE verifier for one flow; the challenge is S256 (RFC 7636). */
export const createFlowSecrets = () => {
  const codeVerifier = base64url(randomBytes(32));
  return {
    state: base64url(randomBytes(32)),
    nonce: base64url(randomBytes(32)),
    codeVerifier,
    codeChallenge: base64url(createHash('sha256').update(codeVerifier).digest()),
  };
};

export const buildAuthorizationUrl = ({
  metadata,
  clientId,
  redirectUri,
  state,
  nonce,
  codeChallenge,
  loginHint,
}: {
  metadata: TProviderMetadata;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  loginHint: string;
}) => {
  const url = new URL(metadata.authorization_endpoint);
  const parameters = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    login_hint: loginHint,
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
};

/** Redeems the code at the token endpoint (client_secret_basic, RFC 6749 §2.3.1) for the ID token. */
export const exchangeCode = async ({
  metadata,
  clientId,
  clientSecret,
  code,
  redirectUri,
  codeVerifier,
}: {
  metadata: TProviderMetadata;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}): Promise<string> => {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    'base64',
  );
  const response = await boundedFetch(metadata.token_endpoint, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    }),
  });
  if (!response.ok) throw new OidcError(`The token endpoint answered ${response.status}`);
  const tokens = await readJson(response);
  if (typeof tokens.id_token !== 'string') throw new OidcError('The token endpoint sent no ID token');
  return tokens.id_token;
};

export type TIdpClaims = JWTPayload & {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
};

/**
 * Verifies the provider's ID token: signature by its key set, iss, aud, exp and the flow's nonce
 * (OpenID Connect Core §3.1.3.7). Asymmetric algorithms only: the client secret signs nothing we accept.
 * A key the cached set lacks (a rotation) refetches the set once; `onKeysRotated` stores it.
 */
export const verifyProviderIdToken = async ({
  idToken,
  metadata,
  clientId,
  nonce,
  jwks,
  onKeysRotated,
}: {
  idToken: string;
  metadata: TProviderMetadata;
  clientId: string;
  nonce: string;
  jwks: TJwks;
  onKeysRotated: (jwks: TJwks) => Promise<void>;
}): Promise<TIdpClaims> => {
  const verify = (keys: TJwks) =>
    jwtVerify(idToken, createLocalJWKSet(keys as Parameters<typeof createLocalJWKSet>[0]), {
      issuer: metadata.issuer,
      audience: clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
  let payload: JWTPayload;
  try {
    ({ payload } = await verify(jwks));
  } catch (error) {
    if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw new OidcError('The ID token is not valid');
    const fresh = await fetchJwks(metadata.jwks_uri);
    await onKeysRotated(fresh);
    try {
      ({ payload } = await verify(fresh));
    } catch {
      throw new OidcError('The ID token is not valid');
    }
  }
  if (payload.nonce !== nonce) throw new OidcError('The ID token answers another sign-in');
  // Several audiences need an authorized party, and it must be us (Core §3.1.3.7 items 4 and 5).
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw new OidcError('The ID token was issued to another client');
  }
  return payload as TIdpClaims;
};
