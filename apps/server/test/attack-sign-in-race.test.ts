import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIamTestApp,
  type TIamTestApp,
  testPassword,
} from '../src/services/access/access-test-support.ts';
import { testDatabaseKinds } from './databases.ts';

// A thief with the old password keeps signing in while the owner changes it. A sign-in whose
// password check began before the change must not come out of it with anything that still works
// afterwards: no ID token, no refresh token, no app session (docs/security.md, V3).

type TIdentityAnswer = { status: number; body: { idToken?: string; refreshToken?: string } };

describe.each(testDatabaseKinds)('sign-in racing a password change on %s', (kind) => {
  let testApp: TIamTestApp;
  const apiKey = () => testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
  const identity = async (path: string, payload: object): Promise<TIdentityAnswer> => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/${path}?key=${apiKey()}`,
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => testApp?.close());

  it('leaves no old-password sign-in alive once the change has answered', async () => {
    const victim = await testApp.register('race-victim');
    const owner = await identity('accounts:signInWithPassword', {
      email: victim.email,
      password: testPassword,
      returnSecureToken: true,
    });
    const change = identity('accounts:update', {
      idToken: owner.body.idToken,
      password: 'a brand new harbour password 7',
      returnSecureToken: true,
    });
    const thief: Promise<TIdentityAnswer>[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 8));
      thief.push(
        identity('accounts:signInWithPassword', {
          email: victim.email,
          password: testPassword,
          returnSecureToken: true,
        }),
      );
    }
    expect((await change).status).toBe(200);
    const alive: string[] = [];
    for (const answer of await Promise.all(thief)) {
      if (answer.status !== 200) continue;
      const lookup = await identity('accounts:lookup', { idToken: answer.body.idToken ?? '' });
      const refresh = await testApp.app.inject({
        method: 'POST',
        url: `/securetoken.googleapis.com/v1/token?key=${apiKey()}`,
        payload: { grant_type: 'refresh_token', refresh_token: answer.body.refreshToken },
      });
      const login = await testApp.app.inject({
        url: '/iamserver/api/v1/auth/login',
        headers: { authorization: answer.body.idToken ?? '' },
      });
      if (lookup.status === 200) alive.push('ID token');
      if (refresh.statusCode === 200) alive.push('refresh token');
      if (login.statusCode === 200) alive.push('app session');
    }
    expect(alive).toEqual([]);
  });
});
