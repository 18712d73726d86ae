import { PassThrough, Readable } from 'node:stream';
import {
  contactImportProgressType,
  contactImportRules,
  contactKinds,
  ZContact,
  ZContactBulk,
  ZContactBulkResult,
  ZContactCreate,
  ZContactDuplicatesQuery,
  ZContactIdParams,
  ZContactImportPreview,
  ZContactImportQuery,
  ZContactImportResult,
  ZContactListQuery,
  ZContactLookup,
  ZContactLookupQuery,
  ZContactMerge,
  ZContactSavedFilterInput,
  ZContactSummary,
  ZContactTag,
  ZContactTagInput,
  ZContactTagUpdate,
  ZContactTagWithCount,
  ZContactUpdate,
  ZPageQuery,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, reauthenticate } from '../../platform/auth/auth-context.ts';
import { AppError, toErrorBody } from '../../platform/http/errors.ts';
import {
  dataOf,
  listOf,
  sendCsvFile,
  signedInErrors,
  streamedResponse,
  ZErrorBody,
} from '../../platform/http/http.ts';
import { registerSavedFilterRoutes } from '../../platform/saved-filters/saved-filter-routes.ts';
import { createSavedFiltersService } from '../../platform/saved-filters/saved-filters-service.ts';
import { findUserDisplayNames } from '../access/public.ts';
import { createContactImportService } from './import/import-service.ts';
import { createContactsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
// A file is read on the tenant work pool: over a rate or a company's share, 429; the pool busy, 503.
const importErrors = {
  ...errors,
  413: ZErrorBody,
  415: ZErrorBody,
  429: ZErrorBody,
  503: ZErrorBody,
} as const;

/** The import's file arrives as the body; anything else (JSON, a form) is not a file. */
const fileOf = (body: unknown) => {
  if (!Buffer.isBuffer(body))
    throw new AppError('VALIDATION_FAILED', 'Send the file as the body, as text/csv', {
      fields: [{ field: 'file', message: 'must be a CSV file sent as text/csv' }],
    });
  return body;
};
const deleted = dataOf(z.object({ deleted: z.literal(true) }));

const ZDuplicate = z.object({
  _id: z.string(),
  kind: z.enum(contactKinds),
  name: z.string(),
  email: z.string().nullable(),
  taxNumber: z.string().nullable(),
  sameEmail: z.boolean(),
  sameTaxNumber: z.boolean(),
});
const ZDuplicateGroup = z.object({
  reason: z.enum(['email', 'taxNumber']),
  value: z.string(),
  contacts: z.array(ZContactSummary),
});
const ZGroupPageQuery = ZPageQuery.omit({ q: true, sort: true }).strict();
/** The list's filters and search, without paging: the export takes every contact they find. */
const ZContactExportQuery = ZContactListQuery.omit({ page: true, pageSize: true, sort: true }).strict();

/**
 * contacts (issue 15): the company's organisations and people, and their tags. Reading needs
 * contacts:read; creating, changing, tagging, merging and deleting contacts:write.
 */
export const registerContactsRoutes = async (app: FastifyInstance) => {
  const service = createContactsService({ db: app.database.db });
  const imports = createContactImportService({
    db: app.database.db,
    fileReadsPerCompany: app.rateLimits.contactFileReadsPerCompany,
    tenantWork: app.tenantWork,
  });
  const savedFilters = createSavedFiltersService({
    db: app.database.db,
    list: 'contacts',
    sharePermission: 'contacts:write',
    auditEntity: 'contact-filter',
    findOwnerNames: findUserDisplayNames,
  });
  app.addHook('onRequest', authenticate(app));
  // An import's file is the body, whatever a browser calls a CSV; a bigger one is refused by its
  // Content-Length before a byte is read (413).
  app.addContentTypeParser(
    ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: contactImportRules.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'contacts:read' } as const;
  const write = { permission: 'contacts:write' } as const;

  routes.get(
    '/contacts/paginate',
    {
      config: read,
      schema: {
        summary: 'List contacts: a page, filtered, searched and sorted',
        querystring: ZContactListQuery,
        response: { 200: listOf(ZContactSummary), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.get(
    '/contacts/export',
    {
      config: read,
      schema: {
        summary: 'Export the contacts of a filter as CSV, streamed',
        querystring: ZContactExportQuery,
        response: { 200: streamedResponse('text/csv', 'The contacts of the filter, as CSV'), ...errors },
      },
    },
    async (request, reply) =>
      sendCsvFile(
        reply,
        'contacts.csv',
        Readable.from(
          service.exportCsv(
            request.caller,
            request.auditActor,
            { ...request.query, page: 1, pageSize: 1 },
            () => reauthenticate(app, request, 'contacts:read'),
          ),
        ),
      ),
  );
  routes.get(
    '/contacts',
    {
      config: read,
      schema: {
        summary: 'Look contacts up by name or e-mail (pickers)',
        querystring: ZContactLookupQuery,
        response: { 200: dataOf(z.array(ZContactLookup)), ...errors },
      },
    },
    async (request) => ({ data: await service.lookup(request.caller, request.query) }),
  );
  routes.post(
    '/contacts',
    {
      config: write,
      schema: {
        summary: 'Create an organisation or a person',
        body: ZContactCreate,
        response: { 201: dataOf(ZContact), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.get(
    '/contacts/duplicates',
    {
      config: read,
      schema: {
        summary: 'Contacts with the same e-mail or tax number',
        querystring: ZContactDuplicatesQuery,
        response: { 200: dataOf(z.array(ZDuplicate)), ...errors },
      },
    },
    async (request) => ({ data: await service.duplicates(request.caller, request.query) }),
  );
  routes.get(
    '/contacts/duplicate-groups',
    {
      config: read,
      schema: {
        summary: 'Groups of possible duplicates',
        querystring: ZGroupPageQuery,
        response: { 200: dataOf(z.array(ZDuplicateGroup)), ...errors },
      },
    },
    async (request) => ({ data: await service.duplicateGroups(request.caller, request.query) }),
  );
  routes.post(
    '/contacts/bulk',
    {
      config: write,
      schema: {
        summary: 'Tag, untag or delete many contacts',
        body: ZContactBulk,
        response: { 200: dataOf(ZContactBulkResult), ...errors },
      },
    },
    async (request) => ({
      data: await service.bulk(request.caller, request.auditActor, request.body),
    }),
  );
  routes.get(
    '/contacts/:id',
    {
      config: read,
      schema: {
        summary: 'Get a contact with its addresses, people and tags',
        params: ZContactIdParams,
        response: { 200: dataOf(ZContact), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.patch(
    '/contacts/:id',
    {
      config: write,
      schema: {
        summary: 'Change a contact',
        params: ZContactIdParams,
        body: ZContactUpdate,
        response: { 200: dataOf(ZContact), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/contacts/:id',
    {
      config: write,
      schema: {
        summary: 'Delete a contact',
        params: ZContactIdParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.caller, request.auditActor, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
  routes.post(
    '/contacts/:id/merge',
    {
      config: write,
      schema: {
        summary: 'Merge a duplicate into a contact',
        params: ZContactIdParams,
        body: ZContactMerge,
        response: { 200: dataOf(ZContact), ...errors },
      },
    },
    async (request) => ({
      data: await service.merge(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body.duplicateId,
      ),
    }),
  );

  routes.post(
    '/contacts/imports/preview',
    {
      bodyLimit: contactImportRules.maxBytes,
      config: write,
      schema: {
        summary: 'Read a CSV’s columns and suggest their fields',
        response: { 200: dataOf(ZContactImportPreview), ...importErrors },
      },
    },
    async (request) => ({ data: await imports.preview(request.caller, fileOf(request.body)) }),
  );
  routes.post(
    '/contacts/imports',
    {
      bodyLimit: contactImportRules.maxBytes,
      config: write,
      schema: {
        summary: 'Import contacts from a CSV, or try it (dry run)',
        description: `With \`Accept: ${contactImportProgressType}\`, the answer is a line of JSON per batch of 1,000 rows, \`{ "progress": { "rows", "of" } }\`, then \`{ "data": … }\` with the result below, or \`{ "error": … }\`. A file refused before its first row is written answers with its status, as without.`,
        querystring: ZContactImportQuery,
        response: { 200: dataOf(ZContactImportResult), ...importErrors },
      },
    },
    async (request, reply) => {
      const auth = request.caller;
      const options = {
        columns: request.query.columns,
        isDryRun: request.query.dryRun === 'true',
        fileName: request.query.fileName ?? '',
      };
      const file = await imports.open(auth, fileOf(request.body), options.columns);
      if (!request.headers.accept?.includes(contactImportProgressType))
        return { data: await imports.apply(auth, request.auditActor, file, options) };
      // The status is sent now, so what happens later is a line of the body.
      const lines = new PassThrough();
      const send = (line: object) => lines.write(`${JSON.stringify(line)}\n`);
      void imports
        .apply(auth, request.auditActor, file, options, (progress) => send({ progress }))
        .then(
          (data) => send({ data }),
          (error: Error) => {
            const { statusCode, body } = toErrorBody(error);
            if (statusCode >= 500) request.log.error({ err: error }, 'contacts import failed');
            send(body);
          },
        )
        .finally(() => lines.end());
      // A stream bypasses the response serializer; the type only knows the JSON bodies.
      return reply
        .header('content-type', `${contactImportProgressType}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .send(lines as never);
    },
  );

  registerSavedFilterRoutes(app, {
    path: '/contact-filters',
    noun: 'contact',
    readPermission: 'contacts:read',
    input: ZContactSavedFilterInput,
    service: savedFilters,
  });

  routes.get(
    '/contact-tags',
    {
      config: read,
      schema: {
        summary: 'List contact tags with how many contacts carry each',
        response: { 200: dataOf(z.array(ZContactTagWithCount)), ...errors },
      },
    },
    async (request) => ({ data: await service.listTags(request.caller) }),
  );
  routes.post(
    '/contact-tags',
    {
      config: write,
      schema: {
        summary: 'Create a contact tag',
        body: ZContactTagInput,
        response: { 201: dataOf(ZContactTag), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.createTag(request.caller, request.auditActor, request.body) }),
  );
  routes.patch(
    '/contact-tags/:id',
    {
      config: write,
      schema: {
        summary: 'Rename or recolour a contact tag',
        params: ZContactIdParams,
        body: ZContactTagUpdate,
        response: { 200: dataOf(ZContactTag), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateTag(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/contact-tags/:id',
    {
      config: write,
      schema: {
        summary: 'Delete a contact tag',
        params: ZContactIdParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await service.deleteTag(request.caller, request.auditActor, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
