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
const openOperations = new Set(['GET /iamserver/api/v1/auth/invitation']);

/**
 * A summary for each operation, kept here rather than on the routes so the route files stay about
 * behaviour. A route may declare `schema.summary` itself, which wins; the API reference test fails
 * when an operation has neither, and when a line here names no route.
 */
export const operationSummaries: Record<string, string> = {
  'GET /iamserver/api/v1/auth/login': 'Sign in with an ID token',
  'POST /iamserver/api/v1/auth/codeAuth': 'Finish sign-in with the two-factor code',
  'POST /iamserver/api/v1/auth/codeAuth/resend': 'Send the two-factor code again',
  'POST /iamserver/api/v1/auth': 'Register a company and its first admin',
  'GET /iamserver/api/v1/auth/token-refresh': 'Refresh the app token',
  'POST /iamserver/api/v1/auth/logout': 'Sign out and end the session',
  'GET /iamserver/api/v1/auth/fetch-users-by-token': 'Get the signed-in user',
  'GET /iamserver/api/v1/users/count': 'Count users by status',
  'GET /iamserver/api/v1/auth/fetch-google-map-key': 'Get the map integration key',
  'GET /iamserver/api/v1/auth/fetch-config-key': 'Get the analytics integration key',
  'GET /iamserver/api/v1/roles': 'List roles',
  'GET /iamserver/api/v1/roles/:id': 'Get a role',
  'POST /iamserver/api/v1/roles': 'Create a role',
  'PATCH /iamserver/api/v1/roles/:id': 'Update a role',
  'DELETE /iamserver/api/v1/roles/:id': 'Delete a role',
  'GET /iamserver/api/v1/groups': 'List groups',
  'GET /iamserver/api/v1/groups/:id': 'Get a group',
  'POST /iamserver/api/v1/groups': 'Create a group',
  'PATCH /iamserver/api/v1/groups/:id': 'Update a group',
  'PUT /iamserver/api/v1/groups/:id/members': 'Set a group’s members',
  'DELETE /iamserver/api/v1/groups/:id': 'Delete a group',
  'GET /iamserver/api/v1/products': 'List the products',
  'GET /iamserver/api/v1/users/me': 'Get my profile',
  'PATCH /iamserver/api/v1/users/me': 'Update my profile',
  'GET /iamserver/api/v1/users/me/preferences': 'Get my formatting preferences',
  'PATCH /iamserver/api/v1/users/me/preferences': 'Update my formatting preferences',
  'POST /iamserver/api/v1/users/me/sessions/revoke': 'Sign out my other sessions',
  'GET /iamserver/api/v1/users-token': 'List my API tokens',
  'POST /iamserver/api/v1/users-token': 'Create an API token (shown once)',
  'DELETE /iamserver/api/v1/users-token/:id': 'Revoke one of my API tokens',
  'GET /iamserver/api/v1/users/:id/api-tokens': 'List a user’s API tokens',
  'DELETE /iamserver/api/v1/users/:id/api-tokens/:tokenId': 'Revoke a user’s API token',
  'GET /iamserver/api/v1/companies/current': 'Get the company',
  'PATCH /iamserver/api/v1/companies/current': 'Update the company',
  'GET /iamserver/api/v1/users': 'List users',
  'POST /iamserver/api/v1/users/invite': 'Invite a user',
  'GET /iamserver/api/v1/users/:id': 'Get a user',
  'PATCH /iamserver/api/v1/users/:id': 'Update a user',
  'PUT /iamserver/api/v1/users/:id/roles': 'Set a user’s roles',
  'PUT /iamserver/api/v1/users/:id/groups': 'Set a user’s groups',
  'POST /iamserver/api/v1/users/:id/invite/resend': 'Send a user’s invitation again',
  'POST /iamserver/api/v1/auth/reset-pwd': 'Mail a user the link to choose a new password',
  'POST /iamserver/api/v1/users/:id/suspend': 'Suspend a user',
  'POST /iamserver/api/v1/users/bulk/suspend': 'Suspend several users at once',
  'POST /iamserver/api/v1/users/bulk/delete': 'Delete several users at once',
  'POST /iamserver/api/v1/users/:id/reactivate': 'Reactivate a user',
  'DELETE /iamserver/api/v1/users/:id': 'Delete a user',
  'GET /iamserver/api/v1/app-admin/companies': 'Platform: list every company with its plan, status and usage',
  'GET /iamserver/api/v1/app-admin/companies/:id': 'Platform: get a company with its plan, status and usage',
  'PATCH /iamserver/api/v1/app-admin/companies/:id/plan': 'Platform: change a company’s plan or expiry',
  'POST /iamserver/api/v1/app-admin/companies/:id/suspend':
    'Platform: suspend a company, telling its admins why',
  'POST /iamserver/api/v1/app-admin/companies/:id/reactivate': 'Platform: reactivate a suspended company',
  'GET /iamserver/api/v1/app-admin/audit': 'Platform: the platform administrators’ own trail',
  'GET /iamserver/api/v1/companies/:id/users': 'Platform: list a company’s users',
  'GET /iamserver/api/v1/companies/:id/groups': 'Platform: list a company’s groups',
  'GET /iamserver/api/v1/companies/:id/roles': 'Platform: list a company’s roles',
  'GET /templateserver/api/v1/templates': 'List templates',
  'POST /templateserver/api/v1/templates': 'Create a template with its first version',
  'POST /templateserver/api/v1/templates/check': 'Check a draft and preview it with sample data',
  'POST /templateserver/api/v1/templates/pdf': 'Print a document draft with sample data to PDF',
  'POST /templateserver/api/v1/templates/:id/render': 'Fill an email template for a mail to a recipient',
  'POST /templateserver/api/v1/templates/:id/attachment':
    'Print a document template for a mail and store it to attach',
  'GET /templateserver/api/v1/templates/:id': 'Get a template with its current text',
  'PATCH /templateserver/api/v1/templates/:id': 'Rename, re-purpose or archive a template',
  'DELETE /templateserver/api/v1/templates/:id': 'Delete a template and its versions',
  'POST /templateserver/api/v1/templates/:id/duplicate': 'Copy a template into a new one',
  'POST /templateserver/api/v1/templates/:id/versions': 'Save a new version of a template',
  'GET /templateserver/api/v1/templates/:id/versions': 'List the versions of a template',
  'GET /templateserver/api/v1/templates/:id/versions/:number': 'Get one version of a template',
  'POST /templateserver/api/v1/templates/:id/versions/:number/restore': 'Restore a version as the newest',
  'GET /contactserver/api/v1/contacts/paginate': 'List contacts: a page, filtered, searched and sorted',
  'GET /contactserver/api/v1/contacts/export': 'Export the contacts of a filter as CSV, streamed',
  'GET /contactserver/api/v1/contacts': 'Look contacts up by name or e-mail (pickers)',
  'POST /contactserver/api/v1/contacts': 'Create an organisation or a person',
  'GET /contactserver/api/v1/contacts/duplicates': 'Contacts with the same e-mail or tax number',
  'GET /contactserver/api/v1/contacts/duplicate-groups': 'Groups of possible duplicates',
  'POST /contactserver/api/v1/contacts/bulk': 'Tag, untag or delete many contacts',
  'GET /contactserver/api/v1/contacts/:id': 'Get a contact with its addresses, people and tags',
  'PATCH /contactserver/api/v1/contacts/:id': 'Change a contact',
  'DELETE /contactserver/api/v1/contacts/:id': 'Delete a contact',
  'POST /contactserver/api/v1/contacts/:id/merge': 'Merge a duplicate into a contact',
  'POST /contactserver/api/v1/contacts/imports/preview': 'Read a CSV’s columns and suggest their fields',
  'POST /contactserver/api/v1/contacts/imports': 'Import contacts from a CSV, or try it (dry run)',
  'GET /contactserver/api/v1/contact-filters': 'List your saved contact filters and those shared with you',
  'POST /contactserver/api/v1/contact-filters': 'Save the contacts list’s filters under a name',
  'DELETE /contactserver/api/v1/contact-filters/:id': 'Delete a saved contact filter',
  'GET /iamserver/api/v1/issue/tracker': 'List the issues you may see (yours, or all with issues:write)',
  'GET /iamserver/api/v1/issue/tracker/:id': 'Get an issue with its comments and attachment',
  'POST /iamserver/api/v1/issue/tracker': 'Report a problem',
  'PATCH /iamserver/api/v1/issue/tracker/:id': 'Change an issue’s status, assignee or severity',
  'POST /iamserver/api/v1/issue/tracker/:id/comments': 'Comment on an issue',
  'DELETE /iamserver/api/v1/issue/tracker/:id': 'Delete an issue (its reporter while open, or a manager)',
  'GET /iamserver/api/v1/app-admin/issues': 'List every company’s issues (platform admins)',
  'GET /iamserver/api/v1/app-admin/issues/:id': 'Get any company’s issue (platform admins)',
  'PATCH /iamserver/api/v1/app-admin/issues/:id': 'Answer an issue as Cargodesk support: status and comment',
  'POST /iamserver/api/v1/app-admin/issues/:id/comments': 'Comment on an issue as Cargodesk support',
  'GET /reportserver/api/v1/reportSketch/sources': 'List the sources and columns you may report on',
  'GET /reportserver/api/v1/reportSketch': 'List your report sketches and those shared with you',
  'GET /reportserver/api/v1/reportSketch/pinned': 'List the reports you pinned to the dashboard',
  'POST /reportserver/api/v1/reportSketch': 'Save a report sketch',
  'POST /reportserver/api/v1/reportSketch/run': 'Run a report definition without saving it',
  'GET /reportserver/api/v1/reportSketch/:id': 'Get a report sketch',
  'PATCH /reportserver/api/v1/reportSketch/:id': 'Change your report sketch',
  'DELETE /reportserver/api/v1/reportSketch/:id': 'Delete your report sketch',
  'POST /reportserver/api/v1/reportSketch/:id/duplicate': 'Copy a report sketch as your own',
  'GET /reportserver/api/v1/reportSketch/:id/run': 'Run a saved report: its table',
  'GET /reportserver/api/v1/reportSketch/:id/export': 'Export a report’s result as CSV',
  'PUT /reportserver/api/v1/reportSketch/:id/pin': 'Pin a report to your dashboard',
  'DELETE /reportserver/api/v1/reportSketch/:id/pin': 'Unpin a report from your dashboard',
  'PUT /reportserver/api/v1/reportSketch/:id/schedule': 'Mail a report weekly or monthly to colleagues',
  'DELETE /reportserver/api/v1/reportSketch/:id/schedule': 'Stop mailing a report',
  'GET /contactserver/api/v1/contact-tags': 'List contact tags with how many contacts carry each',
  'POST /contactserver/api/v1/contact-tags': 'Create a contact tag',
  'PATCH /contactserver/api/v1/contact-tags/:id': 'Rename or recolour a contact tag',
  'DELETE /contactserver/api/v1/contact-tags/:id': 'Delete a contact tag',
  'GET /master/api/v1/country': 'List countries',
  'GET /master/api/v1/timezone': 'List time zones',
  'GET /master/api/v1/timezone-utc': 'List the UTC offsets in force today, with their zones',
  'GET /master/api/v1/currency-list': 'List currencies',
  'GET /master/api/v1/dropdown': 'List picklist values',
  'GET /master/api/v1/oceanport': 'List ocean ports',
  'GET /master/api/v1/oceanport/:code': 'Get an ocean port',
  'POST /master/api/v1/oceanport': 'Create an ocean port',
  'PATCH /master/api/v1/oceanport/:code': 'Update an ocean port',
  'DELETE /master/api/v1/oceanport/:code': 'Delete an ocean port',
  'PUT /master/api/v1/oceanport/:code/favourite': 'Mark an ocean port as favourite',
  'DELETE /master/api/v1/oceanport/:code/favourite': 'Unmark a favourite ocean port',
  'GET /master/api/v1/airport': 'List airports',
  'GET /master/api/v1/airport/:code': 'Get an airport',
  'POST /master/api/v1/airport': 'Create an airport',
  'PATCH /master/api/v1/airport/:code': 'Update an airport',
  'DELETE /master/api/v1/airport/:code': 'Delete an airport',
  'PUT /master/api/v1/airport/:code/favourite': 'Mark an airport as favourite',
  'DELETE /master/api/v1/airport/:code/favourite': 'Unmark a favourite airport',
  'GET /master/api/v1/country-settings': 'List the company’s country settings',
  'PUT /master/api/v1/country-settings': 'Save the company’s country settings',
  'GET /master/api/v1/currency-settings': 'List the company’s currency settings',
  'PUT /master/api/v1/currency-settings': 'Save the company’s currency settings',
  'GET /master/api/v1/currency-settings/base': 'Get the base currency',
  'PUT /master/api/v1/currency-settings/base': 'Set the base currency',
  'GET /master/api/v1/exchange-rates': 'List exchange rates',
  'GET /master/api/v1/exchange-rates/at': 'Get the exchange rate in force at a date',
  'POST /master/api/v1/exchange-rates': 'Add an exchange rate',
  'PATCH /master/api/v1/exchange-rates/:id': 'Correct an exchange rate',
  'DELETE /master/api/v1/exchange-rates/:id': 'Delete an exchange rate',
  'GET /master/api/v1/dropdown-groups': 'List picklists',
  'POST /master/api/v1/dropdown-groups': 'Create a picklist',
  'PATCH /master/api/v1/dropdown-groups/:id': 'Update a picklist',
  'DELETE /master/api/v1/dropdown-groups/:id': 'Delete a picklist',
  'POST /master/api/v1/dropdown-groups/:id/values': 'Add a picklist value',
  'PUT /master/api/v1/dropdown-groups/:id/order': 'Reorder a picklist’s values',
  'PATCH /master/api/v1/dropdown/:id': 'Update a picklist value',
  'DELETE /master/api/v1/dropdown/:id': 'Delete a picklist value',
  'POST /master/api/v1/oceanport/imports': 'Upload a port catalogue for import',
  'GET /master/api/v1/oceanport/imports/:id': 'Get a port import’s preview',
  'POST /master/api/v1/oceanport/imports/:id/apply': 'Apply a port import',
  'DELETE /master/api/v1/oceanport/imports/:id': 'Discard a port import',
  'GET /master/api/v1/type': 'List business types',
  'GET /master/api/v1/type/:id': 'Get a business type',
  'POST /master/api/v1/type': 'Create a business type',
  'PATCH /master/api/v1/type/:id': 'Update a business type',
  'DELETE /master/api/v1/type/:id': 'Delete a business type',
  'GET /master/api/v1/receivinglocation': 'List receiving locations',
  'GET /master/api/v1/receivinglocation/:id': 'Get a receiving location',
  'POST /master/api/v1/receivinglocation': 'Create a receiving location',
  'PATCH /master/api/v1/receivinglocation/:id': 'Update a receiving location',
  'DELETE /master/api/v1/receivinglocation/:id': 'Delete a receiving location',
  'GET /logserver/api/v1/audit': 'List audit events',
  'GET /logserver/api/v1/audit-history': 'List one entity’s history',
  'GET /logserver/api/v1/audit/export': 'Export the audit events of a filter as CSV (the export is audited)',
  'POST /driveserver/api/v1/filesystem/file': 'Upload a file',
  'GET /driveserver/api/v1/filesystem/file': 'List files',
  'GET /driveserver/api/v1/filesystem/file/:id': 'Download a file',
  'GET /driveserver/api/v1/filesystem/file/:id/meta': 'Get a file’s metadata',
  'DELETE /driveserver/api/v1/filesystem/file/:id': 'Delete a file',
  'POST /mailserver/api/v1/send': 'Send a mail',
  'GET /mailserver/api/v1/sent': 'List sent mail',
  'POST /mailserver/api/v1/sent/:id/retry': 'Retry a failed mail',
  'GET /mailserver/api/v1/recipients': 'Suggest recipients',
  'GET /notifyserver/api/v1/notifications': 'List my notifications',
  'PATCH /notifyserver/api/v1/notifications/:id': 'Mark a notification read or unread',
  'POST /notifyserver/api/v1/notifications/mark-read': 'Mark notifications read',
  'POST /notifyserver/api/v1/announcements': 'Announce to the company',
  'GET /notifyserver/api/v1/stream': 'Open the live event stream',
};

export const operationKey = (method: string, url: string) => `${method} ${url}`;

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
  const summary = (route.schema as { summary?: string } | undefined)?.summary ?? operationSummaries[key];
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
