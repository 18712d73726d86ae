import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProviderMetadata } from '../../db/schema/index.ts';
import { OidcError, type TJwks, verifyProviderIdToken } from './oidc-client.ts';

// The ID token checks of OpenID Connect Core §3.1.3.7, one refusal each.

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
