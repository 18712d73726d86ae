import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeadersFor } from './security-headers.ts';

const options = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"], upgradeInsecureRequests: null },
  },
  strictTransportSecurity: false,
};

describe('security headers', () => {
  it("are helmet's headers for the options, worked out once", () => {
    const headers = securityHeadersFor(options);
    // helmet's defaults, with the given directives in their place.
    expect(headers['content-security-policy']).toMatch(
      /^default-src 'self';.*object-src 'none';.*script-src-attr 'none'/,
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('go out on every response, and a route may replace one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, options);
    app.get('/plain', async () => ({ ok: true }));
    app.get('/own-policy', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'").send({ ok: true }),
    );
    const plain = await app.inject({ url: '/plain' });
    expect(plain.headers['content-security-policy']).toBe(
      securityHeadersFor(options)['content-security-policy'],
    );
    const missing = await app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    const own = await app.inject({ url: '/own-policy' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });
});
