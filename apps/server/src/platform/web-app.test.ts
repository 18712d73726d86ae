import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadConfig } from '../config.ts';
import { registerErrorHandling } from './errors.ts';
import type { TRuntimeConfig } from './runtime-config.ts';
import { defaultWebDistDir, registerWebApp } from './web-app.ts';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** `npm test` builds the web app first; a lone `vitest run` builds it here. */
const ensureWebBuild = () => {
  if (existsSync(path.join(defaultWebDistDir, 'index.html'))) return;
  const webRoot = path.resolve(defaultWebDistDir, '..');
  const viteBin = path.join(
    path.dirname(createRequire(path.join(webRoot, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
  });
};

const readConfigBlock = (page: string): TRuntimeConfig => {
  const match = /<script id="cargodesk-config" type="application\/json">(.*?)<\/script>/s.exec(page);
  if (!match?.[1]) throw new Error('no config block in the page');
  return JSON.parse(match[1]) as TRuntimeConfig;
};

describe('web app', () => {
  let testApp: TestApp;
  // Also proves the config block cannot be broken out of, and that `$&` stays literal.
  const productionHost = '</script><script>alert(1)</script>$&';

  beforeAll(async () => {
    ensureWebBuild();
    testApp = await buildTestApp({ environment: { PRODUCTION_HOST: productionHost } });
  });
  afterAll(() => testApp?.close());

  it('serves index.html with the runtime config, the CSP and no caching', async () => {
    const response = await testApp.app.inject({ url: '/', headers: html });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<div id="root">');
    expect(response.body).not.toContain('<script>alert(1)');
    const config = readConfigBlock(response.body);
    expect(config).toMatchObject({ brand: 'cargodesk', productionHost, devMailbox: expect.any(Boolean) });
    expect(config.identity.projectForHost).toBe('test');
  });

  it('answers deep links and HEAD with the same page', async () => {
    const deepLink = await testApp.app.inject({ url: '/settings/users/42?tab=roles', headers: html });
    expect(deepLink.statusCode).toBe(200);
    expect(readConfigBlock(deepLink.body).brand).toBe('cargodesk');

    const head = await testApp.app.inject({ method: 'HEAD', url: '/dashboard', headers: html });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('caches hashed assets for a year', async () => {
    const page = await testApp.app.inject({ url: '/', headers: html });
    const scriptPath = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(scriptPath).toBeDefined();

    const asset = await testApp.app.inject({ url: scriptPath ?? '' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the icon at /favicon.ico too, for pages without an icon link', async () => {
    const response = await testApp.app.inject({ url: '/favicon.ico' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each([
    ['/api/unknown', html],
    ['/iamserver/api/v1/unknown', html],
    ['/identitytoolkit.googleapis.com/v1/accounts:unknown', html],
    ['/securetoken.googleapis.com/v1/unknown', html],
    ['/assets/missing-0000.js', html],
    ['/settings/profile', { accept: 'application/json' }],
  ])('keeps the JSON 404 for %s', async (url, headers) => {
    const response = await testApp.app.inject({ url, headers });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: `No route for GET ${url}` },
    });
  });

  it('keeps the JSON 404 for other methods', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/dashboard', headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('serves the runtime config at /api/config', async () => {
    const response = await testApp.app.inject({ url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: {
        identity: { projects: expect.any(Array), productionHost, projectForHost: 'test' },
        apiBase: { byHost: {}, fallback: '', path: '/{service}/api/v1' },
        brand: 'cargodesk',
        productionHost,
        devMailbox: expect.any(Boolean),
        integrations: {},
      },
    });
    for (const project of response.json().data.identity.projects) {
      expect(project).toEqual({
        name: expect.stringMatching(/^(production|test)$/),
        apiKey: expect.any(String),
        projectId: expect.any(String),
        jwksUri: `${testApp.config.publicUrl}/identity/jwks.json`,
      });
    }
  });
});

describe('web app before a build', () => {
  const emptyDist = mkdtempSync(path.join(os.tmpdir(), 'cargodesk-no-dist-'));
  afterAll(() => rmSync(emptyDist, { recursive: true, force: true }));

  it('explains how to build instead of failing', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', loadConfig({}));
    registerErrorHandling(app);
    await registerWebApp(app, { distDir: emptyDist });

    const response = await app.inject({ url: '/dashboard', headers: html });

    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('npm run build');
    await app.close();
  });
});
