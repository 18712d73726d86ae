import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createServerErrorReporter } from './error-reporting.ts';
import { registerErrorHandling } from './errors.ts';

// A local stand-in for the Sentry ingest (or GlitchTip): it records the envelopes it receives.
let ingest: Server;
let ingestPort = 0;
const envelopes: string[] = [];

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  ingestPort = (ingest.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

/** An app with the real error handling and reporter, and routes that fail in both ways. */
const appWith = async (environment: Record<string, string>) => {
  const app: FastifyInstance = Fastify({ genReqId: () => `req-${Math.random().toString(36).slice(2)}` });
  app.decorate('config', loadConfig(environment));
  app.decorateRequest('auth', null);
  // As app.ts does: the response names its request.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app, { reportServerError: await createServerErrorReporter(app) });
  app.get('/broken', async () => {
    throw new Error('the database exploded');
  });
  app.get('/refused', async (_request, reply) => reply.status(400).send({ error: { code: 'BAD_REQUEST' } }));
  app.get('/not-found-error', async () => {
    throw Object.assign(new Error('no such thing'), { statusCode: 404 });
  });
  await app.ready();
  return app;
};

const eventsFor = (requestId: string) => envelopes.filter((envelope) => envelope.includes(requestId));

describe('server error reporting', () => {
  it('reports a 5xx with its request id to the configured DSN, and nothing for 4xx', async () => {
    const app = await appWith({ SENTRY_DSN: `http://public@127.0.0.1:${ingestPort}/7` });
    const failed = await app.inject({ url: '/broken' });
    const refused = await app.inject({ url: '/not-found-error' });
    expect(failed.statusCode).toBe(500);
    expect(refused.statusCode).toBe(404);
    const requestId = String(failed.headers['x-request-id']);
    await app.close(); // flushes the client

    const reports = eventsFor(requestId);
    expect(reports).toHaveLength(1);
    const [, itemHeader, payload] = (reports[0] ?? '').split('\n');
    expect(JSON.parse(itemHeader ?? '{}')).toMatchObject({ type: 'event' });
    const event = JSON.parse(payload ?? '{}') as {
      tags?: Record<string, string>;
      exception?: { values?: { value?: string }[] };
      contexts?: { request?: { path?: string } };
    };
    expect(event.exception?.values?.[0]?.value).toBe('the database exploded');
    expect(event.tags?.request_id).toBe(requestId);
    expect(event.contexts?.request?.path).toBe('/broken');
    expect(envelopes.some((envelope) => envelope.includes('no such thing'))).toBe(false);
  });

  it('sends through the proxy HTTP_PROXY names, with the platform, the runtime and a parsed stack', async () => {
    // The proxy answers for the ingest, whose host name does not resolve: the event can only arrive through it.
    const proxied: { url: string; body: string }[] = [];
    const proxy = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        proxied.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    process.env.HTTP_PROXY = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    delete process.env.NO_PROXY;
    try {
      const app = await appWith({ SENTRY_DSN: 'http://public@ingest.invalid/7' });
      const failed = await app.inject({ url: '/broken' });
      await app.close();
      const requestId = String(failed.headers['x-request-id']);
      const report = proxied.find((request) => request.body.includes(requestId));
      expect(report?.url).toMatch(/^http:\/\/ingest\.invalid\/api\/7\/envelope\//);
      const event = JSON.parse(report?.body.split('\n')[2] ?? '{}') as {
        platform?: string;
        server_name?: string;
        contexts?: { runtime?: { name?: string } };
        exception?: { values?: { stacktrace?: { frames?: { filename?: string }[] } }[] };
      };
      expect(event.platform).toBe('node');
      expect(event.server_name).toBeTruthy();
      expect(event.contexts?.runtime?.name).toBe('node');
      const frames = event.exception?.values?.[0]?.stacktrace?.frames ?? [];
      expect(frames.some((frame) => frame.filename?.includes('error-reporting.test.ts'))).toBe(true);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('sends nothing when no DSN is configured', async () => {
    const before = envelopes.length;
    const app = await appWith({});
    expect((await app.inject({ url: '/broken' })).statusCode).toBe(500);
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(envelopes.length).toBe(before);
  });
});
