import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ssoMessages } from '@cargodesk/shared';
import { createLocalJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { TProviderMetadata } from '../../../db/schema/index.ts';
import {
  assertPublicHost,
  lookupPublicAddress,
  NonPublicAddressError,
} from '../../../platform/http/public-addresses.ts';

// The relying-party half of OpenID Connect's authorization-code flow with PKCE, for a confidential
// client (docs/decisions/020-single-sign-on.md). Small enough to own: jose verifies the ID token,
// and every fetch goes to an address the company admin gave, so each is bounded in time and size,
// follows no redirect, and reaches only public addresses (decision 025).

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

const parseJsonObject = (text: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new OidcError('The answer is not a JSON object');
  }
};

/** Whether requests may reach private, loopback and link-local addresses (SSO_ALLOW_PRIVATE_ISSUERS). */
export type TOutboundPolicy = { allowPrivateAddresses: boolean };

type TAnswer = { status: number; text: string };

const readBounded = async (response: IncomingMessage) => {
  if (Number(response.headers['content-length'] ?? 0) > maxBodyBytes) {
    throw new OidcError('The answer is too large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new OidcError('The answer is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * One request, bounded in time and size, following no redirect (Node's http client never does).
 * Unless the policy allows private addresses, the socket connects only to a public address: an IP
 * literal is checked here, a host name by the socket's lookup, on the very answer it connects to.
 */
const boundedRequest = (
  url: string,
  { allowPrivateAddresses }: TOutboundPolicy,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TAnswer> => {
  const target = new URL(url);
  const origin = target.origin;
  return new Promise<TAnswer>((resolve, reject) => {
    const fail = (error: unknown) => {
      if (error instanceof OidcError) return reject(error);
      if (error instanceof NonPublicAddressError) {
        return reject(new OidcError(`${origin} ${ssoMessages.privateAddress}`));
      }
      return reject(new OidcError(`${origin} did not answer`));
    };
    try {
      if (!allowPrivateAddresses) assertPublicHost(target.hostname);
    } catch (error) {
      return fail(error);
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method,
      headers: {
        accept: 'application/json',
        ...headers,
        ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
      },
      // A fresh socket each time, so every request resolves and checks its own address.
      agent: false,
      signal: AbortSignal.timeout(fetchTimeoutMs),
      ...(allowPrivateAddresses ? {} : { lookup: lookupPublicAddress }),
    });
    request.on('error', fail);
    request.on('response', (response) => {
      readBounded(response)
        .then((text) => resolve({ status: response.statusCode ?? 0, text }))
        .catch((error: unknown) => {
          request.destroy();
          fail(error);
        });
    });
    request.end(body);
  });
};

/** The JSON object a provider answered; `name` says who, in the refusal for any status but 2xx. */
const fetchJson = async (
  name: string,
  url: string,
  policy: TOutboundPolicy,
  init?: Parameters<typeof boundedRequest>[2],
) => {
  const { status, text } = await boundedRequest(url, policy, init);
  if (status < 200 || status > 299) throw new OidcError(`${name} answered ${status}`);
  return parseJsonObject(text);
};

const fetchJwks = async (jwksUri: string, policy: TOutboundPolicy): Promise<TJwks> => {
  const jwks = await fetchJson('The key set', jwksUri, policy);
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
  { allowHttp, ...policy }: { allowHttp: boolean } & TOutboundPolicy,
): Promise<{ metadata: TProviderMetadata; jwks: TJwks }> => {
  assertAllowedUrl(issuer, { allowHttp });
  const document = await fetchJson('Discovery', `${issuer}/.well-known/openid-configuration`, policy);
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
  return { metadata, jwks: await fetchJwks(metadata.jwks_uri, policy) };
};

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** State, nonce and PKCE verifier for one flow; the challenge is S256 (RFC 7636). */
/** PKCE's S256 challenge of a code verifier (RFC 7636 §4.2). */
export const codeChallengeOf = (codeVerifier: string) =>
  base64url(createHash('sha256').update(codeVerifier).digest());

export const createFlowSecrets = () => {
  const codeVerifier = base64url(randomBytes(32));
  return {
    state: base64url(randomBytes(32)),
    nonce: base64url(randomBytes(32)),
    codeVerifier,
    codeChallenge: codeChallengeOf(codeVerifier),
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
  policy,
}: {
  metadata: TProviderMetadata;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier: string;
  policy: TOutboundPolicy;
}): Promise<string> => {
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
    'base64',
  );
  const tokens = await fetchJson('The token endpoint', metadata.token_endpoint, policy, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    }).toString(),
  });
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
  policy,
}: {
  idToken: string;
  metadata: TProviderMetadata;
  clientId: string;
  nonce: string;
  jwks: TJwks;
  onKeysRotated: (jwks: TJwks) => Promise<void>;
  policy: TOutboundPolicy;
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
    const fresh = await fetchJwks(metadata.jwks_uri, policy);
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
