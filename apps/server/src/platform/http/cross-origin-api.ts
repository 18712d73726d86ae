import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Lets the page origins of API_CORS_ORIGINS call this server's API from another origin
 * (docs/decisions/022-api-base-by-host.md). The app sends its token in the Authorization header,
 * never a cookie, so no credentials are allowed. With no origins configured nothing is registered:
 * a same-origin installation pays no hook for it, and a browser refuses every cross-origin call.
 */
export const registerCrossOriginApi = async (app: FastifyInstance, origins: string[]) => {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'accept', 'if-none-match'],
    exposedHeaders: ['content-disposition', 'etag', 'x-request-id'],
    credentials: false,
    // Preflights are cached by the browser for ten minutes instead of preceding every call.
    maxAge: 600,
  });
};

/**
 * The API origins pages may be sent to, for the page's `connect-src`; a `{port}` placeholder (one
 * port per service in a split development setup) allows any port of that host.
 */
export const apiOriginsOf = ({ byHost, fallback }: { byHost: Record<string, string>; fallback: string }) => [
  ...new Set(
    [...Object.values(byHost), fallback].filter(Boolean).map((origin) => origin.replace('{port}', '*')),
  ),
];
