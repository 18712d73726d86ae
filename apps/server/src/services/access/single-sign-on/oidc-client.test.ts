import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ssoMessages } from '@cargodesk/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProviderMetadata } from '../../../db/schema/index.ts';
import { discoverProvider, OidcError, type TJwks, verifyProviderIdToken } from './oidc-client.ts';

// The ID token checks of OpenID Connect Core §3.1.3.7, one refusal each; then the bounds every
// request to an admin-given address keeps (decision 020) and its public-address rule (decision 025).

const metadata: TProviderMetadata = {
  issuer: 'https://idp.example.test',
  authorization_endpoint: 'https://idp.example.test/authorize',
  token_endpoint: 'https://idp.example.test/token',
  jwks_uri: 'http://127.0.0.1:1/jwks',
};

describe('verifyProviderIdToken', () => {
  let privateKey: CryptoKey;
  let jwks: TJwks;
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] };
  });

  const sign = (
    claims: Record<string, unknown> = {},
    { expiresIn = '5m', key = privateKey, kid = 'k1' } = {},
  ) =>
    new SignJWT({ nonce: 'n-1', email: 'ada@acme.test', email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(String(claims.iss ?? metadata.issuer))
      .setAudience((claims.aud as string | string[]) ?? 'client-1')
      .setSubject('ada')
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  const verify = (idToken: string) =>
    verifyProviderIdToken({
      idToken,
      metadata,
      clientId: 'client-1',
      nonce: 'n-1',
      jwks,
      onKeysRotated: async () => {},
      policy: { allowPrivateAddresses: false },
    });

  it('accepts a token signed by the provider for us and this flow', async () => {
    expect(await verify(await sign())).toMatchObject({ sub: 'ada', email: 'ada@acme.test' });
  });

  it.each([
    ['another nonce', { nonce: 'n-2' }],
    ['another issuer', { iss: 'https://evil.example.test' }],
    ['another audience', { aud: 'client-2' }],
    ['several audiences without us as authorized party', { aud: ['client-1', 'client-2'], azp: 'client-2' }],
  ])('refuses %s', async (_name, claims) => {
    await expect(verify(await sign(claims))).rejects.toBeInstanceOf(OidcError);
  });

  it('refuses an expired token', async () => {
    await expect(verify(await sign({}, { expiresIn: '-5m' }))).rejects.toBeInstanceOf(OidcError);
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    const { privateKey: stranger } = await generateKeyPair('RS256');
    await expect(verify(await sign({}, { key: stranger }))).rejects.toBeInstanceOf(OidcError);
  });

  it('refuses a token signed with the client secret (HS256)', async () => {
    const token = await new SignJWT({ nonce: 'n-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(metadata.issuer)
      .setAudience('client-1')
      .setSubject('ada')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('the-client-secret-the-client-secret'));
    await expect(verify(token)).rejects.toBeInstanceOf(OidcError);
  });

  it('refuses an unknown key id when the key set cannot be refetched', async () => {
    await expect(verify(await sign({}, { kid: 'rotated' }))).rejects.toBeInstanceOf(OidcError);
  });
});

describe('discoverProvider', () => {
  // A local stand-in for a provider: each path answers as a different provider would.
  const answers = new Map<string, (response: ServerResponse, origin: string) => void>();
  const server = createServer((request, response) => {
    const answer = answers.get(request.url ?? '');
    if (answer) answer(response, `http://${request.headers.host}`);
    else response.writeHead(404).end();
  });
  let port: number;
  const json = (response: ServerResponse, body: object) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    answers.set('/good/.well-known/openid-configuration', (response, origin) =>
      json(response, {
        issuer: `${origin}/good`,
        authorization_endpoint: `${origin}/good/authorize`,
        token_endpoint: `${origin}/good/token`,
        jwks_uri: `${origin}/good/jwks`,
      }),
    );
    answers.set('/good/jwks', (response) =>
      json(response, { keys: [{ kty: 'RSA', kid: 'k', n: 'x', e: 'AQAB' }] }),
    );
    answers.set('/moved/.well-known/openid-configuration', (response) =>
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    );
    // Chunked, with no length announced: only counting while reading catches it.
    answers.set('/huge/.well-known/openid-configuration', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"padding":"');
      for (let chunk = 0; chunk < 70; chunk += 1) response.write('x'.repeat(8192));
      response.end('"}');
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const discover = (issuer: string, allowPrivateAddresses: boolean) =>
    discoverProvider(issuer, { allowHttp: true, allowPrivateAddresses });

  it('reads discovery and keys, bounded, when private addresses are allowed', async () => {
    const issuer = `http://127.0.0.1:${port}/good`;
    const { metadata, jwks } = await discover(issuer, true);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(jwks.keys).toHaveLength(1);
    await expect(discover(`http://127.0.0.1:${port}/moved`, true)).rejects.toThrow('Discovery answered 302');
    await expect(discover(`http://127.0.0.1:${port}/huge`, true)).rejects.toThrow('The answer is too large');
  });

  it('refuses the same provider by address or by a name that resolves to it when they are not allowed', async () => {
    for (const issuer of [
      `http://127.0.0.1:${port}/good`,
      `http://localhost:${port}/good`,
      `http://[::1]:${port}/good`,
    ]) {
      const refusal = await discover(issuer, false).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, issuer).toBeInstanceOf(OidcError);
      expect((refusal as Error).message, issuer).toContain(ssoMessages.privateAddress);
    }
  });
});
