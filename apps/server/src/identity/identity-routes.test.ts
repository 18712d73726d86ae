import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

  it('answers the missing field of an email-link sign-in and a token revocation', async () => {
    expect((await post('accounts:signInWithEmailLink', { oobCode: 'x' })).message).toBe('MISSING_EMAIL');
    expect((await post('accounts:signInWithEmailLink', { email: 'a@example.com' })).message).toBe(
      'MISSING_OOB_CODE',
    );
    const revoke = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v2/accounts:revokeToken?key=${apiKey}`,
      payload: { token: 'x' },
    });
    expect(revoke.json().error.message).toBe('MISSING_ID_TOKEN');
    const link = await post('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: 'a@example.com' });
    expect(link.message).toBe('MISSING_CONTINUE_URI');
    const badLink = await post('accounts:sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email: 'a@example.com',
      continueUrl: 'not a url',
    });
    expect(badLink.message).toBe('INVALID_CONTINUE_URI');
  });

  // Single sign-on (sign-in-with-idp.ts): only the server's own single-use assertion is a credential.
  it('answers INVALID_IDP_RESPONSE to signInWithIdp without a credential the server issued', async () => {
    for (const body of [
      { requestUri: 'http://localhost', returnSecureToken: true },
      {
        requestUri: 'http://localhost',
        postBody: 'id_token=made-up&providerId=oidc.x',
        returnSecureToken: true,
      },
      { requestUri: 'http://localhost', pendingToken: 'made-up', returnSecureToken: true },
    ]) {
      const result = await post('accounts:signInWithIdp', body);
      expect(result.status).toBe(400);
      expect(result.message).toMatch(/^INVALID_IDP_RESPONSE/);
    }
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

// validSince has whole seconds (issue 10): a revocation must end every token minted before it, even
// in the same second, and keep every token minted after it, even in the same second.
describe('token revocation within one second', () => {
  let testApp: TestApp;
  let apiKey: string;
  const project = () => testApp.app.identity.projects[0];

  beforeAll(async () => {
    testApp = await buildTestApp();
    apiKey = project()?.apiKey ?? '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => testApp?.close());

  const post = async (path: string, payload: object) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/${path}?key=${encodeURIComponent(apiKey)}`,
      payload,
    });
    return response.json() as Record<string, string> & { error?: { message: string } };
  };
  const refresh = async (refreshToken: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/securetoken.googleapis.com/v1/token?key=${encodeURIComponent(apiKey)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    return response.json() as { id_token?: string; error?: { message: string } };
  };
  const lookup = async (idToken: string) =>
    (await post('accounts:lookup', { idToken })).error?.message ?? 'OK';

  it('refuses a token minted in the second of a reset, before it, and keeps the ones minted after', async () => {
    // Every step below happens in one clock second.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 100);
    const email = `same-second-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const before = await post('accounts:signUp', {
      email,
      password: 'first password',
      returnSecureToken: true,
    });
    expect(await lookup(before.idToken ?? '')).toBe('OK');

    const link = await testApp.app.identity.admin.generateActionLink({
      project: project()?.name,
      kind: 'PASSWORD_RESET',
      email,
    });
    const oobCode = new URL(link).searchParams.get('oobCode');
    expect((await post('accounts:resetPassword', { oobCode, newPassword: 'second password' })).error).toBe(
      undefined,
    );
    expect(await lookup(before.idToken ?? '')).toBe('TOKEN_EXPIRED');
    expect((await refresh(before.refreshToken ?? '')).error?.message).toBe('TOKEN_EXPIRED');

    // Signed in again in the same second: this session lives.
    const after = await post('accounts:signInWithPassword', { email, password: 'second password' });
    expect(await lookup(after.idToken ?? '')).toBe('OK');
    expect((await refresh(after.refreshToken ?? '')).id_token).toEqual(expect.any(String));

    // A password change in the same second again ends that session and hands back one that lives.
    const changed = await post('accounts:update', {
      idToken: after.idToken,
      password: 'third password',
      returnSecureToken: true,
    });
    expect(changed.error).toBe(undefined);
    expect(await lookup(after.idToken ?? '')).toBe('TOKEN_EXPIRED');
    expect((await refresh(after.refreshToken ?? '')).error?.message).toBe('TOKEN_EXPIRED');
    expect(await lookup(changed.idToken ?? '')).toBe('OK');
    const refreshed = await refresh(changed.refreshToken ?? '');
    expect(await lookup(refreshed.id_token ?? '')).toBe('OK');
  });
});
