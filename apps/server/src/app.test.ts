import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/databases.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { openPrettyLogStream } from './platform/http/request-log.ts';

/** The app with its real logger, writing JSON lines into `lines`. */
const buildLoggingApp = async (database: Database, environment: Record<string, string> = {}) => {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `cargodesk-test-${process.pid}`),
    LOG_LEVEL: 'info',
    ...environment,
  });
  const app = await buildApp(config, { database, logger: { stream } });
  await app.ready();
  return { app, lines };
};

describe('request logs and transport headers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it('logs one line per answered request, with its method, address, status and time', async () => {
    const { app, lines } = await buildLoggingApp(database);
    try {
      await app.inject({ url: '/iamserver/api/v1/users/me', headers: { 'x-request-id': 'req-one-line' } });
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofRequest = logged.filter((entry) => entry.reqId === 'req-one-line');
      expect(ofRequest).toHaveLength(1);
      expect(ofRequest[0]).toMatchObject({
        msg: expect.stringMatching(/^GET \/iamserver\/api\/v1\/users\/me 401 \d+ ms$/),
        req: { method: 'GET', url: '/iamserver/api/v1/users/me' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
      // Health probes pass unlogged while they succeed.
      await app.inject({ url: '/healthz' });
      expect(lines.some((line) => line.includes('/healthz'))).toBe(false);
      // A read that succeeds is no news at info; a write is.
      const read = await app.inject({
        url: '/api/openapi.json',
        headers: { 'x-request-id': 'req-quiet-read' },
      });
      expect(read.statusCode).toBe(200);
      expect(lines.some((line) => line.includes('req-quiet-read'))).toBe(false);
      await app.inject({
        method: 'POST',
        url: '/iamserver/api/v1/auth',
        headers: { 'x-request-id': 'req-write' },
      });
      expect(lines.filter((line) => line.includes('req-write'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('writes no request line below its level: a server at warn logs only failures', async () => {
    const { app, lines } = await buildLoggingApp(database, { LOG_LEVEL: 'warn' });
    try {
      await app.inject({ url: '/iamserver/api/v1/users/me' });
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('writes readable lines, without JSON, in the pretty format', async () => {
    const output: string[] = [];
    const destination = new Writable({
      write: (chunk, _encoding, done) => {
        output.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: path.join(os.tmpdir(), `cargodesk-test-${process.pid}`) });
    expect(config.logFormat).toBe('pretty');
    const app = await buildApp(config, {
      database,
      logger: { stream: await openPrettyLogStream(destination) },
    });
    try {
      await app.ready();
      await app.inject({ url: '/iamserver/api/v1/users/me' });
      expect(output).toEqual([
        expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/iamserver\/api\/v1\/users\/me 401 \d+ ms$/),
      ]);
    } finally {
      await app.close();
    }
  });

  it('writes the two-factor ID token and other credentials in a URL to the log only as [redacted]', async () => {
    // At debug, where every request has its line.
    const { app, lines } = await buildLoggingApp(database, { LOG_LEVEL: 'debug' });
    try {
      const secret = 'eyJhbGciOiJSUzI1NiJ9.secret-payload.signature';
      await app.inject({ url: `/login?fbtkn=${secret}&next=%2Fhome` });
      await app.inject({ url: `/__/auth/action?mode=resetPassword&oobCode=${secret}` });
      // A tracking link's token is its path: a revoked one answers 404, and that line is logged too.
      await app.inject({ url: `/freightserver/api/v1/tracking/${secret}/stream` });
      const logged = lines.join('\n');
      expect(logged).toContain('/login?fbtkn=[redacted]&next=%2Fhome');
      expect(logged).toContain('oobCode=[redacted]');
      expect(logged).toContain('/freightserver/api/v1/tracking/[redacted]/stream');
      expect(logged).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it('sends Strict-Transport-Security only to requests that arrived over https', async () => {
    const direct = await buildLoggingApp(database, { LOG_LEVEL: 'silent' });
    try {
      const plain = await direct.app.inject({ url: '/healthz' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Without TRUST_PROXY a forwarded protocol is the client's claim, not the proxy's.
      const claimed = await direct.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.app.close();
    }
    const proxied = await buildLoggingApp(database, { LOG_LEVEL: 'silent', TRUST_PROXY: 'true' });
    try {
      const secure = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.app.close();
    }
  });
});

describe('an API called from other page origins (API_CORS_ORIGINS, API_HOSTS)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  const countries = '/master/api/v1/country';

  it('answers the preflight of a listed page origin only, and lets it read the answer', async () => {
    const { app } = await buildLoggingApp(database, { API_CORS_ORIGINS: 'https://app.cargodesk.com' });
    try {
      const preflight = (origin: string) =>
        app.inject({
          method: 'OPTIONS',
          url: countries,
          headers: {
            origin,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        });
      const listed = await preflight('https://app.cargodesk.com');
      expect(listed.statusCode).toBe(204);
      expect(listed.headers['access-control-allow-origin']).toBe('https://app.cargodesk.com');
      expect(String(listed.headers['access-control-allow-headers'])).toContain('authorization');
      expect(listed.headers['access-control-allow-credentials']).toBeUndefined();
      const other = await preflight('https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();

      const read = await app.inject({ url: countries, headers: { origin: 'https://app.cargodesk.com' } });
      expect(read.statusCode).toBe(401);
      expect(read.headers['access-control-allow-origin']).toBe('https://app.cargodesk.com');
    } finally {
      await app.close();
    }
  });

  it('sends no CORS header at all when no page origin is listed', async () => {
    const { app } = await buildLoggingApp(database);
    try {
      const read = await app.inject({ url: countries, headers: { origin: 'https://app.cargodesk.com' } });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('lets pages connect to the API origins they are sent to, and to no other', async () => {
    const { app } = await buildLoggingApp(database, {
      API_HOSTS: 'app.cargodesk.com=https://api.cargodesk.com',
      USE_DEV_API: 'true',
      DEV_API_ORIGIN: 'http://localhost:{port}',
    });
    try {
      const page = await app.inject({ url: '/healthz' });
      const connectSources = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
      expect(connectSources?.split(' ')).toEqual([
        "'self'",
        'https://api.cargodesk.com',
        'http://localhost:*',
      ]);
    } finally {
      await app.close();
    }
  });
});
