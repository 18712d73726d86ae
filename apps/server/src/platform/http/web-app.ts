import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiOriginsOf } from './cross-origin-api.ts';
import { vendorSourcesFor } from './integrations.ts';
import { buildRuntimeConfig, type TRuntimeConfig, ZRuntimeConfig } from './runtime-config.ts';
import { createNonce, pagePolicyFor } from './security-headers.ts';

export const defaultWebDistDir = fileURLToPath(new URL('../../../../web/dist/', import.meta.url));

// Paths the API, the identity provider and the probes own: a miss there is a JSON 404, never the SPA.
const serverOwnedPath =
  /^\/(?:api(?:\/|$)|[\w-]+\/api(?:\/|$)|identitytoolkit\.googleapis\.com\/|securetoken\.googleapis\.com\/|(?:healthz|readyz)$)/;

const isBrowserNavigation = (request: FastifyRequest) => {
  const pathname = request.url.split('?')[0] ?? '/';
  return !serverOwnedPath.test(pathname) && /\btext\/html\b/.test(request.headers.accept ?? '');
};

/** The config as a JSON data block: not executed, so the CSP allows it; `<` escaped so it cannot close the tag. */
const renderConfigScript = (config: TRuntimeConfig) =>
  `<script id="cargodesk-config" type="application/json">${JSON.stringify(config).replaceAll('<', '\\u003c')}</script>`;

// A function replacement keeps `$&`-style patterns in config values literal.
const injectConfig = (html: string, config: TRuntimeConfig) =>
  html.replace('</head>', () => `${renderConfigScript(config)}</head>`);

/**
 * What the web build writes into index.html where a nonce belongs (`html.cspNonce` in
 * apps/web/vite.config.ts): on the bootstrap script, its preloads and stylesheets, and on the
 * `csp-nonce` meta tag through which the SPA's own loaders (Vite's preloads, the integrations) learn it.
 */
export const cspNonceToken = 'CARGODESK_CSP_NONCE';
const nonceAttribute = ` nonce="${cspNonceToken}"`;

/** The page for the production host: its nonce in every place the build marked (base64 needs no escaping). */
const withNonce = (html: string, nonce: string) => html.replaceAll(cspNonceToken, nonce);
/** Every other host keeps the base policy, which trusts scripts by origin: no nonce to hand out. */
const withoutNonce = (html: string) => html.replaceAll(nonceAttribute, '');

const readIndexHtml = async (file: string) => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
};

const notBuiltPage = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Cargodesk: web app not built</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1.5rem">
    <h1>The web app is not built yet</h1>
    <p>The server is running, but <code>apps/web/dist</code> is missing. Run <code>npm run build</code>
    and reload this page, or start with <code>npm start</code>, which builds it when needed.</p>
  </body>
</html>
`;

/**
 * Serves the built SPA (apps/web/dist) with the runtime config injected, and `GET /api/config`.
 * Registered last: its catch-all answers only browser navigations that no other route claimed.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  { distDir = defaultWebDistDir }: { distDir?: string } = {},
) => {
  const indexFile = path.join(distDir, 'index.html');
  const productionHost = app.config.productionHost.toLowerCase();
  // Worked out once: each page response only fills in its nonce (docs/decisions/021-integrations-and-csp.md).
  const pagePolicy = productionHost
    ? pagePolicyFor(vendorSourcesFor(app.config), apiOriginsOf(app.config.apiBase))
    : undefined;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/config',
      { schema: { response: { 200: z.object({ data: ZRuntimeConfig }) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { data: buildRuntimeConfig(app, request.hostname) };
      },
    );

  // Its own scope keeps reply.sendFile from clashing with another plugin that serves files.
  await app.register(async (scope) => {
    // Vite hashes every file name under assets/, so a new build means new URLs and these never go stale.
    // The build writes .br and .gz copies (docs/operations.md): the copy the client accepts is sent,
    // with `Vary: accept-encoding` so that a shared cache keeps the variants apart.
    await scope.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: '/assets/',
      maxAge: '365d',
      immutable: true,
      index: false,
      preCompressed: true,
      suppressWarning: true,
    });

    // Browsers ask every page's origin for /favicon.ico, server-rendered pages such as /dev/mail too.
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      scope.get(url, (_request, reply) =>
        reply.sendFile('favicon.svg', distDir, { maxAge: '1d', immutable: false }),
      );
    }

    scope.get('/*', async (request, reply) => {
      if (!isBrowserNavigation(request)) return reply.callNotFound();
      const html = await readIndexHtml(indexFile);
      if (html === undefined) {
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(notBuiltPage);
      }
      const config = buildRuntimeConfig(app, request.hostname);
      if (pagePolicy && request.hostname.toLowerCase() === productionHost) {
        const nonce = createNonce();
        // The nonce goes in before the config, so no config value can carry the mark.
        // Each response has a nonce of its own: no shared cache may hand one to another visitor.
        return reply
          .header('content-security-policy', pagePolicy(nonce))
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(injectConfig(withNonce(html, nonce), config));
      }
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectConfig(withoutNonce(html), config));
    });
  });
};
