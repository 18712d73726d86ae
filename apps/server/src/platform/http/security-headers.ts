import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { TVendorDirective, TVendorSources } from './integrations.ts';

/**
 * The policy every response carries: our own origin only, and the API origins some page hosts are
 * sent to (API_HOSTS, DEV_API_ORIGIN; docs/decisions/022-api-base-by-host.md) when there are any.
 * The production host's page widens it for the configured vendors, per response and with a nonce
 * (`pagePolicyFor`).
 */
export const baseCspDirectivesFor = (apiOrigins: string[] = []) =>
  ({
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", ...apiOrigins],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Plain-HTTP installs on a LAN address would otherwise have every asset rewritten to https.
    upgradeInsecureRequests: null,
  }) satisfies Record<string, string[] | null>;

export const appSecurityHeaderOptionsFor = (apiOrigins: string[] = []): HelmetOptions => ({
  contentSecurityPolicy: { directives: baseCspDirectivesFor(apiOrigins) },
  // Same-origin everything; the firebase SDK's fetches are same-origin too (docs/architecture.md).
  crossOriginEmbedderPolicy: false,
  // Sent by app.ts, and only to requests that arrived over https.
  strictTransportSecurity: false,
});

/**
 * The headers helmet sets for `options`, worked out once. They do not depend on the request (no
 * nonces), so computing them again for every response, as a per-request middleware does, only
 * costs time (docs/decisions/007-request-pipeline.md).
 */
export const securityHeadersFor = (options: HelmetOptions) => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
};

/** Sends the security headers on every response; a route may still replace one (the API reference's CSP). */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = securityHeadersFor(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
};

const camelCaseOf: Record<TVendorDirective, string> = {
  'script-src': 'scriptSrc',
  'connect-src': 'connectSrc',
  'img-src': 'imgSrc',
  'frame-src': 'frameSrc',
  'style-src': 'styleSrc',
  'font-src': 'fontSrc',
  'worker-src': 'workerSrc',
  'media-src': 'mediaSrc',
};

// Base64 never contains it, so a nonce cannot collide with the rest of the policy.
const noncePlaceholder = '__cargodesk_nonce__';

/** A fresh nonce: 128 random bits, base64 (the CSP's nonce-source grammar). */
export const createNonce = () => randomBytes(16).toString('base64');

/**
 * The CSP of the production host's page (docs/decisions/021-integrations-and-csp.md): the base policy
 * with each configured vendor's origins added to the directives it needs, and scripts trusted by a
 * per-response nonce with 'strict-dynamic' instead of by origin, so the SDKs' own loaders work and an
 * injected `<script>` without the nonce does not. The vendor origins stay in script-src for browsers
 * without 'strict-dynamic'. Worked out once; each response only fills in its nonce.
 */
export const pagePolicyFor = (
  vendorSources: TVendorSources,
  apiOrigins: string[] = [],
): ((nonce: string) => string) => {
  const directives: Record<string, string[] | null> = { ...baseCspDirectivesFor(apiOrigins) };
  // Same-origin workers keep working once 'strict-dynamic' makes script-src ignore 'self'.
  directives.workerSrc = ["'self'"];
  for (const [directive, sources] of Object.entries(vendorSources) as [TVendorDirective, string[]][]) {
    const name = camelCaseOf[directive];
    // A directive the base policy leaves to default-src starts from 'self' too.
    directives[name] = [...new Set([...(directives[name] ?? ["'self'"]), ...sources])];
  }
  directives.scriptSrc = [
    "'self'",
    `'nonce-${noncePlaceholder}'`,
    "'strict-dynamic'",
    ...(vendorSources['script-src'] ?? []),
  ];
  const policy = securityHeadersFor({ contentSecurityPolicy: { useDefaults: true, directives } })[
    'content-security-policy'
  ];
  if (!policy) throw new Error('helmet produced no content-security-policy');
  const [before, after] = policy.split(noncePlaceholder) as [string, string];
  return (nonce) => `${before}${nonce}${after}`;
};
