import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// The protocol's error strings for bad input (identity-protocol.md §3): JSON, never HTML, never 500.
describe('identity REST routes with bad input', () => {
  let testApp: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    testApp = await buildTestApp();
    apiKey = testApp.app.identity.projects[0]?.apiKey ?? '';
  });
  afterAll(async () => testApp?.close());

  const post = async (
    path: string,
    payload: unknown,
    { key = apiKey, contentType = 'application/json' } = {},
  ) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/${path}?key=${encodeURIComponent(key)}`,
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return {
      status: response.statusCode,
      message: response.json().error?.message as string,
      body: response.json(),
    };
  };

  it('names an unknown or missing API key', async () => {
    const unknown = await post(
      'accounts:signUp',
      { email: 'a@example.com', password: 'secret1' },
      { key: 'nope' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe('INVALID_API_KEY : API key not valid. Please pass a valid API key.');
    const missing = await testApp.app.inject({
      method: 'GET',
      url: '/identitytoolkit.googleapis.com/v2/passwordPolicy',
    });
    expect(missing.json().error.message).toMatch(/^INVALID_API_KEY/);
  });

  it('answers malformed JSON in the Google error shape', async () => {
    const result = await post('accounts:signInWithPassword', '{"email": ', {});
    expect(result.status).toBe(400);
    expect(result.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(result.message).toMatch(/^INVALID_ARGUMENT : Invalid JSON payload/);
  });

  it('names each missing field', async () => {
    expect((await post('accounts:signInWithPassword', { password: 'x' })).message).toBe('MISSING_EMAIL');
    expect((await post('accounts:signInWithPassword', { email: 'a@example.com' })).message).toBe(
      'MISSING_PASSWORD',
    );
    expect((await post('accounts:lookup', {})).message).toBe('MISSING_ID_TOKEN');
    expect((await post('accounts:sendOobCode', { email: 'a@example.com' })).message).toBe('MISSING_REQ_TYPE');
    expect((await post('accounts:resetPassword', {})).message).toBe('MISSING_OOB_CODE');
  });

  it('refuses over-long, malformed and wrongly typed values', async () => {
    const longEmail = `${'a'.repeat(300)}@example.com`;
    expect((await post('accounts:signUp', { email: longEmail, password: 'secret1' })).message).toBe(
      'INVALID_EMAIL',
    );
    expect((await post('accounts:signUp', { email: 'not-an-email', password: 'secret1' })).message).toBe(
      'INVALID_EMAIL',
    );
    expect(
      (await post('accounts:signUp', { email: 'a@example.com', password: 'x'.repeat(5000) })).message,
    ).toMatch(
      /^PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: \[Password may contain at most 4096/,
    );
    expect((await post('accounts:signUp', { email: 42, password: 'secret1' })).message).toBe(
      'INVALID_ARGUMENT : email must be a string',
    );
    expect((await post('accounts:signUp', [1, 2])).message).toMatch(/^INVALID_ARGUMENT/);
    expect((await post('accounts:lookup', { idToken: 'not.a.token' })).message).toBe('INVALID_ID_TOKEN');
    expect((await post('accounts:update', { oobCode: 'made-up' })).message).toBe('INVALID_OOB_CODE');
  });

  it('refuses a body over 64 KB', async () => {
    const result = await post('accounts:signUp', { email: 'a@example.com', password: 'p'.repeat(70_000) });
    expect(result.status).toBe(413);
    expect(result.message).toMatch(/^INVALID_ARGUMENT/);
  });

  it('answers OPERATION_NOT_ALLOWED for sign-in methods not built yet', async () => {
    for (const path of ['accounts:signInWithIdp', 'accounts:signInWithEmailLink']) {
      const result = await post(path, { requestUri: 'http://localhost', returnSecureToken: true });
      expect(result.message).toMatch(/^OPERATION_NOT_ALLOWED/);
    }
    const revoke = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v2/accounts:revokeToken?key=${apiKey}`,
      payload: { token: 'x' },
    });
    expect(revoke.json().error.message).toMatch(/^OPERATION_NOT_ALLOWED/);
  });

  it('answers unknown identity paths with a JSON 404', async () => {
    const result = await post('accounts:somethingNew', {});
    expect(result.status).toBe(404);
    expect(result.message).toBe('NOT_FOUND');
  });

  it('refuses bad refresh requests with the Secure Token codes', async () => {
    const token = async (payload: string) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/securetoken.googleapis.com/v1/token?key=${apiKey}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      return response.json().error.message as string;
    };
    expect(await token('grant_type=password')).toBe('INVALID_GRANT_TYPE');
    expect(await token('grant_type=refresh_token')).toBe('MISSING_REFRESH_TOKEN');
    expect(await token('grant_type=refresh_token&refresh_token=forged')).toBe('INVALID_REFRESH_TOKEN');
  });

  it('serves the password policy the SDK understands', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/identitytoolkit.googleapis.com/v2/passwordPolicy?key=${apiKey}`,
    });
    expect(response.json()).toMatchObject({
      customStrengthOptions: { minPasswordLength: 6, maxPasswordLength: 4096 },
      enforcementState: 'ENFORCE',
      schemaVersion: 1,
    });
  });

  it('publishes the signing keys without private parts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/identity/jwks.json' });
    const [key] = response.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key.kid).toBeTruthy();
    expect(key.d).toBeUndefined();
  });
});
