import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

// Behind a proxy (TRUST_PROXY), the client address that the per-address limits count is the one
// the proxy saw. What the client itself wrote into X-Forwarded-For before the proxy appended to it
// must not let them spread their attempts over invented addresses (docs/security.md, V11).

describe('client addresses behind a proxy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({
      kind: 'pglite',
      environment: { TRUST_PROXY: 'true', SIGN_UP_LIMIT_PER_HOUR: '2' },
    });
  });
  afterAll(async () => testApp?.close());

  const signUp = (index: number, forwardedFor: string) => {
    const apiKey = testApp.app.identity.projects.find((project) => project.name === 'test')?.apiKey ?? '';
    return testApp.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${apiKey}`,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        email: `forwarded-${index}-${Date.now()}@example.com`,
        password: 'harbour crane 42',
        returnSecureToken: true,
      },
    });
  };

  it('counts the address the proxy saw, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await signUp(index, `10.9.8.${index}, 203.0.113.7`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 400, 400]);
    // Another real client, behind the same proxy, is counted on its own.
    expect((await signUp(9, '198.51.100.4')).statusCode).toBe(200);
  });

  it('reads TRUST_PROXY as off, a number of proxies, or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});
