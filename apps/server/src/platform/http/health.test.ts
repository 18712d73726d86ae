import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

describe('health, readiness and the error envelope', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => testApp?.close());

  it('answers liveness and readiness with a request id and security headers', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(health.headers['content-security-policy']).toContain("script-src 'self'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    const ready = await testApp.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: { 'x-request-id': 'probe-1' },
    });
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['x-request-id']).toBe('probe-1');
  });

  it('answers unknown API routes and malformed JSON with the error envelope', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/master/api/v1/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /master/api/v1/nothing' },
    });
    const malformed = await testApp.app.inject({
      method: 'POST',
      url: '/healthz',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.json().error.code).toMatch(/^[A-Z_]+$/);
    expect(malformed.body).not.toContain('at ');
  });
});

describe('readiness without a database', () => {
  it('answers 503 once the database is gone', async () => {
    const testApp = await buildTestApp();
    await testApp.database.close();
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The database is not answering.' },
    });
    await testApp.app.close();
  });
});
