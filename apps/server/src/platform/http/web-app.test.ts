import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { loadConfig } from '../../config.ts';
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

  const mainScriptPath = async () => {
    const page = await testApp.app.inject({ url: '/', headers: html });
    const scriptPath = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    if (!scriptPath) throw new Error('no module script in the page');
    return scriptPath;
  };

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])(
    'sends the %s copy of an asset built at build time to a client that accepts it',
    async (encoding, decode) => {
      const scriptPath = await mainScriptPath();
      const builtFile = readFileSync(path.join(defaultWebDistDir, scriptPath));

      const asset = await testApp.app.inject({ url: scriptPath, headers: { 'accept-encoding': encoding } });

      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.rawPayload.length).toBeLessThan(builtFile.length);
      expect(decode(asset.rawPayload).equals(builtFile)).toBe(true);
    },
  );

  it('prefers brotli and sends the plain asset to a client that accepts no encoding', async () => {
    const scriptPath = await mainScriptPath();
    const builtFile = readFileSync(path.join(defaultWebDistDir, scriptPath));

    const both = await testApp.app.inject({ url: scriptPath, headers: { 'accept-encoding': 'gzip, br' } });
    expect(both.headers['content-encoding']).toBe('br');

    const plain = await testApp.app.inject({ url: scriptPath, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(builtFile)).toBe(true);
  });

  it('compresses API responses over 1 KB for a client that accepts it, and leaves small ones alone', async () => {
    const plain = await testApp.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await testApp.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br;q=0.9, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());

    const small = await testApp.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the page for a client that accepts it, with the config block intact', async () => {
    const response = await testApp.app.inject({
      url: '/dashboard',
      headers: { ...html, 'accept-encoding': 'br' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(readConfigBlock(brotliDecompressSync(response.rawPayload).toString('utf8')).brand).toBe(
      'cargodesk',
    );
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
        // 127.0.0.1 names no brand: a host-only cookie.
        cookieDomain: null,
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

describe('web app on the production host', () => {
  let testApp: TestApp;
  const productionHost = 'desk.example.com';

  beforeAll(async () => {
    ensureWebBuild();
    testApp = await buildTestApp({
      environment: {
        PRODUCTION_HOST: productionHost,
        GOOGLE_MAPS_KEY: 'maps-key',
        SENTRY_BROWSER_DSN: 'https://public@errors.example.net/3',
        WEB_ANALYTICS_SCRIPT_URL: 'https://stats.example.org/script.js',
        WEB_ANALYTICS_SITE_ID: 'site-1',
        WEB_ANALYTICS_SITE_ATTRIBUTE: 'data-website-id',
      },
    });
  });
  afterAll(() => testApp?.close());

  const pageFor = (host: string) => testApp.app.inject({ url: '/dashboard', headers: { ...html, host } });

  it('gives each page a nonce of its own, on the bootstrap script and in the CSP, and allows exactly the configured vendors', async () => {
    const first = await pageFor(productionHost);
    const second = await pageFor(productionHost);
    const policy = String(first.headers['content-security-policy']);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];

    expect(nonce).toHaveLength(24);
    expect(second.headers['content-security-policy']).not.toContain(nonce);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatch(
      new RegExp(`<script type="module" crossorigin src="[^"]+" nonce="${nonce?.replaceAll('+', '\\+')}">`),
    );
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(first.body).not.toContain('CARGODESK_CSP_NONCE');
    expect(policy).toContain(
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://maps.googleapis.com https://maps.gstatic.com https://stats.example.org;`,
    );
    expect(policy).toContain(
      "connect-src 'self' https://maps.googleapis.com https://errors.example.net https://stats.example.org;",
    );
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).not.toContain('pendo');
    expect(policy).not.toContain('crisp');
    expect(policy).not.toContain('frame-src');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);

    expect(readConfigBlock(first.body).integrations).toEqual({
      errorReporting: { dsn: 'https://public@errors.example.net/3', environment: 'production' },
      webAnalytics: {
        scriptUrl: 'https://stats.example.org/script.js',
        siteId: 'site-1',
        siteAttribute: 'data-website-id',
      },
    });
  });

  it('keeps the strict policy, no nonce and no integrations on every other host, and on other routes', async () => {
    const page = await pageFor('127.0.0.1');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).not.toContain('nonce');
    expect(page.body).not.toContain('nonce=');
    expect(readConfigBlock(page.body).integrations).toEqual({});

    const health = await testApp.app.inject({ url: '/healthz', headers: { host: productionHost } });
    expect(health.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
  });
});
