import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { serviceTags } from './api-docs.ts';

type TOperation = {
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
  'x-permission'?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type TDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, TOperation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  security: Record<string, string[]>[];
};

const serviceRoute = /^\/[a-z]+\/api\/v1\//;
/** Fastify's `:id` is OpenAPI's `{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the API reference', () => {
  let testApp: TestApp;
  let document: TDocument;
  let operations: { key: string; operation: TOperation }[];
  beforeAll(async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
  });
  afterAll(async () => testApp?.close());

  it('is a valid OpenAPI 3 document with the app token scheme in Authorization', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.components.securitySchemes.appToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(document.security).toEqual([{ appToken: [] }]);
  });

  it('documents every service route, each with its tag, a summary, a 2xx schema and its permission', () => {
    const serviceRoutes = testApp.app.routeTable.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD' && serviceRoute.test(route.url ?? ''))
        .map((method) => ({ method, route })),
    );
    expect(serviceRoutes.length).toBeGreaterThan(50);
    const tagNames = serviceTags.map((tag) => tag.name);
    for (const { method, route } of serviceRoutes) {
      const url = route.url ?? '';
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      const label = `${method} ${url}`;
      expect(operation, label).toBeDefined();
      if (!operation) continue;
      expect(operation.tags, label).toEqual([url.split('/')[1]]);
      expect(tagNames, label).toContain(operation.tags?.[0]);
      expect(operation.summary?.trim(), label).toBeTruthy();
      // Single sign-on's begin address and the identity provider's redirect back answer only with a
      // redirect (on to the provider, or to the login page), no body.
      const isRedirect =
        label === 'GET /iamserver/api/v1/auth/sso/callback' ||
        label === 'GET /iamserver/api/v1/auth/sso/begin';
      const success = Object.entries(operation.responses).filter(([status]) =>
        (isRedirect ? /^302$/ : /^2\d\d$/).test(status),
      );
      expect(success.length, label).toBeGreaterThan(0);
      for (const [, response] of isRedirect ? [] : success) {
        const schemas = Object.values(response.content ?? {}).map((content) => content.schema);
        expect(schemas.length, label).toBeGreaterThan(0);
        for (const schema of schemas) expect(schema, label).toBeTruthy();
      }
      const config = route.config as { permission?: string; platformAdmin?: true } | undefined;
      const permission = config?.platformAdmin ? 'platform administrator' : config?.permission;
      expect(operation['x-permission'], label).toBe(permission);
    }
    expect(operations).toHaveLength(serviceRoutes.length);
  });

  it('takes the ID token only on the sign-in and registration routes', () => {
    const withIdToken = operations
      .filter(({ operation }) => operation.security?.some((scheme) => 'idToken' in scheme))
      .map(({ key }) => key);
    expect(withIdToken.sort()).toEqual([
      'GET /iamserver/api/v1/auth/login',
      'POST /iamserver/api/v1/auth',
      'POST /iamserver/api/v1/auth/codeAuth',
      'POST /iamserver/api/v1/auth/codeAuth/resend',
    ]);
  });

  it('takes no token at all on the invitation lookup and the tracking page', () => {
    const open = operations.filter(({ operation }) => operation.security?.length === 0).map(({ key }) => key);
    expect(open.sort()).toEqual([
      'GET /freightserver/api/v1/tracking/{token}',
      'GET /freightserver/api/v1/tracking/{token}/stream',
      'GET /iamserver/api/v1/auth/invitation',
    ]);
  });

  it('hides the identity provider, the probes, the developer mailbox and the web app', () => {
    const registered = testApp.app.routeTable.map((route) => route.url ?? '');
    // The test app has these routes: hidden, not missing.
    for (const url of [
      '/identity/jwks.json',
      '/securetoken.googleapis.com/v1/token',
      '/dev/mail',
      '/healthz',
    ]) {
      expect(registered).toContain(url);
    }
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !serviceRoute.test(path))).toEqual([]);
    expect(
      paths.filter((path) =>
        /^\/(identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|identity|dev|api|assets)\b/.test(
          path,
        ),
      ),
    ).toEqual([]);
  });

  it('serves the reference page and its files from this server under a policy of its own', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|https?:/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, src).toMatch(/^\/api\/docs\//);
      const file = await testApp.app.inject({ method: 'GET', url: src });
      expect(file.statusCode, src).toBe(200);
    }
    // Every other answer keeps the app's own policy.
    const json = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
