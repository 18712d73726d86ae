import type { TCurrentUser, TLoginResponse } from '@cargodesk/shared';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { behaviourDatabaseKinds } from '../../test/databases.ts';
import { createAuthClient } from '../../test/identity-client.ts';
import { companies } from '../db/schema/index.ts';
import { seedDemo, type TDemoLogin } from './demo-seed.ts';

describe.each(behaviourDatabaseKinds)('the demo seed on %s', (kind) => {
  let testApp: TestApp;
  let origin: string;
  let demo: TDemoLogin;

  const signIn = async (email: string) => {
    const apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    const client = createAuthClient({ origin, apiKey });
    try {
      const { user } = await signInWithEmailAndPassword(client.auth, email, demo.password);
      expect(user.emailVerified).toBe(true);
      return testApp.app.inject({
        url: '/iamserver/api/v1/auth/login',
        headers: { authorization: await user.getIdToken() },
      });
    } finally {
      await client.close();
    }
  };

  beforeAll(async () => {
    testApp = await buildTestApp({ kind });
    origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    demo = await seedDemo(testApp.app);
  });
  afterAll(async () => testApp?.close());

  it('is idempotent', async () => {
    const again = await seedDemo(testApp.app);
    expect(again).toEqual(demo);
    const names = (await testApp.database.db.select({ name: companies.name }).from(companies)).map(
      (row) => row.name,
    );
    expect(names.sort()).toEqual([
      'Demo Freight Ltd',
      'Expired Cargo Co',
      'Secure Shipping AG',
      'Suspended Logistics',
    ]);
  });

  it('signs the demo admin in to Demo Freight Ltd', async () => {
    const login = await signIn('admin@demo-freight.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data.company).toMatchObject({ name: 'Demo Freight Ltd', twoFactorAuth: false });
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: TCurrentUser[] }).data;
    expect(user).toMatchObject({ isExpired: false, roles: ['Admin'] });
  });

  it('gives Demo Freight Ltd a read-only Viewer', async () => {
    const login = await signIn('viewer@demo-freight.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data.company?.name).toBe('Demo Freight Ltd');
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    const [user] = (me.json() as { data: TCurrentUser[] }).data;
    expect(user?.roles).toEqual(['Viewer']);
    expect(user?.permissions).not.toContain('company:write');
  });

  it('gives Expired Cargo Co an expired plan', async () => {
    const login = await signIn('admin@expired-cargo.test');
    const { data } = login.json() as { data: TLoginResponse };
    const me = await testApp.app.inject({
      url: '/iamserver/api/v1/auth/fetch-users-by-token',
      headers: { authorization: data.jwt ?? '' },
    });
    expect((me.json() as { data: TCurrentUser[] }).data[0]?.isExpired).toBe(true);
  });

  it('asks the two-factor company for a mailed code instead of signing in', async () => {
    const login = await signIn('admin@secure-shipping.test');
    expect(login.statusCode, login.body).toBe(200);
    const { data } = login.json() as { data: TLoginResponse };
    expect(data).toMatchObject({ twoFactorAuth: true, emailId: 'admin@secure-shipping.test' });
    expect(data.jwt).toBeUndefined();
  });

  it('refuses the suspended company', async () => {
    const login = await signIn('admin@suspended-logistics.test');
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ error: { message: 'Account was suspended' } });
  });
});
