import {
  contactKinds,
  ZContact,
  ZContactBulk,
  ZContactBulkResult,
  ZContactCreate,
  ZContactDuplicatesQuery,
  ZContactIdParams,
  ZContactListQuery,
  ZContactLookup,
  ZContactLookupQuery,
  ZContactMerge,
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
import { auditActorOf } from '../../platform/audit.ts';
import { authenticate, requireAuth } from '../../platform/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createContactsService } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
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

/**
 * contactserver (issue 15): the company's organisations and people, and their tags. Reading needs
 * contacts:read; creating, changing, tagging, merging and deleting contacts:write.
 */
export const registerContactServer = async (app: FastifyInstance) => {
  const service = createContactsService({ db: app.database.db });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'contacts:read' } as const;
  const write = { permission: 'contacts:write' } as const;

  routes.get(
    '/contacts/paginate',
    {
      config: read,
      schema: { querystring: ZContactListQuery, response: { 200: listOf(ZContactSummary), ...errors } },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );
  routes.get(
    '/contacts',
    {
      config: read,
      schema: {
        querystring: ZContactLookupQuery,
        response: { 200: dataOf(z.array(ZContactLookup)), ...errors },
      },
    },
    async (request) => ({ data: await service.lookup(requireAuth(request), request.query) }),
  );
  routes.post(
    '/contacts',
    { config: write, schema: { body: ZContactCreate, response: { 201: dataOf(ZContact), ...errors } } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.create(requireAuth(request), auditActorOf(request), request.body) }),
  );
  routes.get(
    '/contacts/duplicates',
    {
      config: read,
      schema: {
        querystring: ZContactDuplicatesQuery,
        response: { 200: dataOf(z.array(ZDuplicate)), ...errors },
      },
    },
    async (request) => ({ data: await service.duplicates(requireAuth(request), request.query) }),
  );
  routes.get(
    '/contacts/duplicate-groups',
    {
      config: read,
      schema: {
        querystring: ZGroupPageQuery,
        response: { 200: dataOf(z.array(ZDuplicateGroup)), ...errors },
      },
    },
    async (request) => ({ data: await service.duplicateGroups(requireAuth(request), request.query) }),
  );
  routes.post(
    '/contacts/bulk',
    {
      config: write,
      schema: { body: ZContactBulk, response: { 200: dataOf(ZContactBulkResult), ...errors } },
    },
    async (request) => ({
      data: await service.bulk(requireAuth(request), auditActorOf(request), request.body),
    }),
  );
  routes.get(
    '/contacts/:id',
    { config: read, schema: { params: ZContactIdParams, response: { 200: dataOf(ZContact), ...errors } } },
    async (request) => ({ data: await service.get(requireAuth(request), request.params.id) }),
  );
  routes.patch(
    '/contacts/:id',
    {
      config: write,
      schema: {
        params: ZContactIdParams,
        body: ZContactUpdate,
        response: { 200: dataOf(ZContact), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(
        requireAuth(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  routes.delete(
    '/contacts/:id',
    { config: write, schema: { params: ZContactIdParams, response: { 200: deleted, ...errors } } },
    async (request) => {
      await service.remove(requireAuth(request), auditActorOf(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
  routes.post(
    '/contacts/:id/merge',
    {
      config: write,
      schema: {
        params: ZContactIdParams,
        body: ZContactMerge,
        response: { 200: dataOf(ZContact), ...errors },
      },
    },
    async (request) => ({
      data: await service.merge(
        requireAuth(request),
        auditActorOf(request),
        request.params.id,
        request.body.duplicateId,
      ),
    }),
  );

  routes.get(
    '/contact-tags',
    { config: read, schema: { response: { 200: dataOf(z.array(ZContactTagWithCount)), ...errors } } },
    async (request) => ({ data: await service.listTags(requireAuth(request)) }),
  );
  routes.post(
    '/contact-tags',
    { config: write, schema: { body: ZContactTagInput, response: { 201: dataOf(ZContactTag), ...errors } } },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await service.createTag(requireAuth(request), auditActorOf(request), request.body) }),
  );
  routes.patch(
    '/contact-tags/:id',
    {
      config: write,
      schema: {
        params: ZContactIdParams,
        body: ZContactTagUpdate,
        response: { 200: dataOf(ZContactTag), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateTag(
        requireAuth(request),
        auditActorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
  routes.delete(
    '/contact-tags/:id',
    { config: write, schema: { params: ZContactIdParams, response: { 200: deleted, ...errors } } },
    async (request) => {
      await service.deleteTag(requireAuth(request), auditActorOf(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
