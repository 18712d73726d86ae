import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

// The API reference: an OpenAPI document built from the routes' own zod schemas, so it cannot drift
// from what the server validates and answers. Only the service APIs are documented: the identity
// provider speaks a third party's protocol, and the probes, the developer mailbox and the web app's
// files are not an API a client builds on.

/** A URL the reference documents, and the service (its tag) it belongs to. */
const serviceRoute = /^\/([a-z]+)\/api\/v1\//;

/** One tag per service, in the order the reference lists them. */
export const serviceTags = [
  {
    name: 'iamserver',
    description: 'Sign-in, registration, the session, users, roles, groups and the company',
  },
  {
    name: 'master',
    description: 'Reference lists and the company’s master data: ports, countries, currencies, picklists',
  },
  { name: 'logserver', description: 'The company’s audit trail' },
  { name: 'driveserver', description: 'Files: upload, download, metadata' },
  { name: 'mailserver', description: 'Sending mail through the outbox, and the sent list' },
  { name: 'notifyserver', description: 'Notifications, announcements and the live event stream' },
  { name: 'templateserver', description: 'Email and document templates and their versions' },
  {
    name: 'freightserver',
    description:
      'Sea and air shipments: parties, routing, the booking status, cargo and containers, master and houses, buy and sell charges with their margin, milestones, and tracking links that share a shipment without sign-in',
  },
  { name: 'contactserver', description: 'Organisations and people the company works with, and their tags' },
  {
    name: 'reportserver',
    description: 'Report sketches: saved reports over the company’s data, run, exported, pinned and mailed',
  },
];

/** The routes that take the identity provider's ID token in `Authorization` instead of the app token. */
const idTokenOperations = new Set([
  'GET /iamserver/api/v1/auth/login',
  'POST /iamserver/api/v1/auth/codeAuth',
  'POST /iamserver/api/v1/auth/codeAuth/resend',
  'POST /iamserver/api/v1/auth',
]);

/** The routes that take no token at all: a code from a mailed link is their credential. */
const openOperations = new Set([
  'GET /iamserver/api/v1/auth/invitation',
  // A shared shipment's tracking page: the link's token in the path is the credential.
  'GET /freightserver/api/v1/tracking/:token',
  'GET /freightserver/api/v1/tracking/:token/stream',
]);

const operationKey = (method: string, url: string) => `${method} ${url}`;

const readPackage = () =>
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };

type TTransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each route's zod schemas become JSON Schema (the type provider's own transform); on top of that,
 * the tag of its service, a summary, the permission it declares and the token it takes.
 * Everything outside the service APIs is hidden.
 */
const describeRoute = (input: TTransformInput) => {
  const { url } = input;
  const route = (input as TTransformInput & { route: RouteOptions }).route;
  const service = serviceRoute.exec(url)?.[1];
  if (!service) return { schema: { hide: true }, url };
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const { schema } = jsonSchemaTransform(input);
  const config = route.config as { permission?: string; platformAdmin?: true } | undefined;
  // The console's routes need platform rights rather than a permission of the company.
  const permission = config?.platformAdmin ? 'platform administrator' : config?.permission;
  const key = operationKey(method, url);
  const summary = (route.schema as { summary?: string } | undefined)?.summary;
  return {
    url,
    schema: {
      ...schema,
      tags: [service],
      ...(summary ? { summary } : {}),
      ...(permission ? { 'x-permission': permission } : {}),
      ...(idTokenOperations.has(key) ? { security: [{ idToken: [] }] } : {}),
      ...(openOperations.has(key) ? { security: [] } : {}),
    },
  };
};

type TOpenApiDocument = ReturnType<typeof jsonSchemaTransformObject>;
type TResponses = Record<string, { description?: string }>;

/** Shared schemas (those given an id) into components; each response described by its status. */
const finishDocument = (input: Parameters<typeof jsonSchemaTransformObject>[0]): TOpenApiDocument => {
  const document = jsonSchemaTransformObject(input);
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations ?? {}) as { responses?: TResponses }[]) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response')
          response.description = STATUS_CODES[status] ?? status;
      }
    }
  }
  return document;
};

/** The reference page's own policy: Swagger UI's files from here, its fetches to here, nothing inline. */
const docsPagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Collects every route registered after it into the OpenAPI document: register before the services.
 */
export const registerApiDocs = async (app: FastifyInstance) => {
  const { name, version } = readPackage();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cargodesk API',
        description: `The HTTP API of ${name}. Every answer is JSON: \`{ data }\`, a page as \`{ data, meta }\`, a failure as \`{ error: { code, message, details } }\`. \`x-permission\` names the permission an operation needs.`,
        version,
      },
      tags: serviceTags,
      components: {
        securitySchemes: {
          appToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: [
              'The app token from sign-in, as it is: no `Bearer ` prefix (one is tolerated).',
              'An integration sends a personal API token the same way: `Authorization: cdk_pat_…`.',
              'Create one under Settings → API tokens (or `POST /iamserver/api/v1/users-token` from a',
              'signed-in session); it is shown once. A request with it acts as its owner, with the',
              'permissions it was given that the owner still holds, and is audited as that user through',
              'that token. It can call routes that declare an `x-permission` it carries and the reference',
              'lists; it cannot manage API tokens, refresh or sign out (403). Revoked or expired: 401.',
              'A suspended user or company: 403 `Account was suspended`.',
            ].join(' '),
          },
          idToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The identity provider’s ID token, for the sign-in and registration routes.',
          },
        },
      },
      security: [{ appToken: [] }],
    },
    transform: describeRoute,
    transformObject: finishDocument,
  });
};

/** `/api/openapi.json` and the reference UI at `/api/docs`, served from this server alone. */
export const registerApiDocsRoutes = async (app: FastifyInstance) => {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The plain layout: no top bar that would load another document by URL.
    uiConfig: {
      layout: 'BaseLayout',
      // A deep link is an anchor inside the operation's toggle button: nested controls (axe).
      deepLinking: false,
      // Services start closed: with every operation open, Swagger UI renders only the ones on screen
      // (at 150 rows and more), so the browser's find and a screen reader miss the rest. One opened
      // service stays under that, whole in the page.
      docExpansion: 'none',
      // x-permission shows under each operation.
      showExtensions: true,
      validatorUrl: null,
    },
    theme: {
      title: 'Cargodesk API reference',
      css: [
        {
          filename: 'contrast.css',
          content: readFileSync(new URL('./api-docs-theme.css', import.meta.url), 'utf8'),
        },
      ],
    },
    staticCSP: docsPagePolicy,
  });
};
