import {
  ZPageQuery,
  ZRenderedTemplate,
  ZTemplate,
  ZTemplateAttachment,
  ZTemplateCheck,
  ZTemplateContent,
  ZTemplateCreate,
  ZTemplateDraft,
  ZTemplateIdParams,
  ZTemplateListQuery,
  ZTemplateSummary,
  ZTemplateUpdate,
  ZTemplateUseRequest,
  ZTemplateVersion,
  ZTemplateVersionParams,
  ZTemplateVersionSummary,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPermission, authenticate } from '../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, streamedResponse, ZErrorBody } from '../../platform/http/http.ts';
import { createTenantTemplates } from '../../templating/tenant-templates.ts';
import { createMailTemplates } from './mail-templates.ts';
import { seedDefaultTemplates } from './seed.ts';
import { createTemplatesService } from './service.ts';

const errors = {
  ...signedInErrors,
  400: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  // Checks and renders run on the tenant work pool: a company or person over their rate, or a
  // company with too much waiting, hears 429; a pool busy with everyone's work, 503.
  429: ZErrorBody,
  503: ZErrorBody,
} as const;
const ZVersionPageQuery = ZPageQuery.omit({ q: true, sort: true }).strict();

/**
 * templates (issue 14): the company's email and document templates and their versions.
 * Reading needs templates:read; creating, saving, restoring, archiving and deleting templates:write.
 */
export const registerTemplatesRoutes = async (app: FastifyInstance) => {
  const templates = createTenantTemplates(app.tenantWork);
  const service = createTemplatesService({
    db: app.database.db,
    pdf: app.pdf,
    pdfRendersPerCompany: app.rateLimits.pdfRendersPerCompany,
    templates,
  });
  const mailTemplates = createMailTemplates({
    db: app.database.db,
    templates,
    pdf: app.pdf,
    consumePdfRender: service.consumePdfRender,
    drive: { db: app.database.db, store: app.fileStore, fileMaxBytes: app.config.fileMaxBytes, log: app.log },
  });
  app.domainEvents.on('company-created', (tx, { companyId }) => seedDefaultTemplates(tx, companyId));
  app.domainEvents.on('mail-composed', mailTemplates.recordUses);
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/templates',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'List templates',
        querystring: ZTemplateListQuery,
        response: { 200: listOf(ZTemplateSummary), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );
  routes.post(
    '/templates',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Create a template with its first version',
        body: ZTemplateCreate,
        response: { 201: dataOf(ZTemplate), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.post(
    '/templates/check',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'Check a draft and preview it with sample data',
        body: ZTemplateDraft,
        response: { 200: dataOf(ZTemplateCheck), ...errors },
      },
    },
    async (request) => ({ data: await service.check(request.caller, request.body) }),
  );
  routes.post(
    '/templates/pdf',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'Print a document draft with sample data to PDF',
        body: ZTemplateDraft,
        response: {
          200: streamedResponse('application/pdf', 'The document printed with the sample data'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const pdf = await service.previewPdf(request.caller, request.body);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'inline; filename="preview.pdf"')
          .header('cache-control', 'no-store')
          // Bytes bypass the response serializer; the type only knows the JSON error bodies.
          .send(pdf as never)
      );
    },
  );
  routes.get(
    '/templates/:id',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'Get a template with its current text',
        params: ZTemplateIdParams,
        response: { 200: dataOf(ZTemplate), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );
  routes.patch(
    '/templates/:id',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Rename, re-purpose or archive a template',
        params: ZTemplateIdParams,
        body: ZTemplateUpdate,
        response: { 200: dataOf(ZTemplate), ...errors },
      },
    },
    async (request) => ({
      data: await service.update(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );
  routes.delete(
    '/templates/:id',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Delete a template and its versions',
        params: ZTemplateIdParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({
      data: await service.remove(request.caller, request.auditActor, request.params.id),
    }),
  );
  routes.post(
    '/templates/:id/duplicate',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Copy a template into a new one',
        params: ZTemplateIdParams,
        response: { 201: dataOf(ZTemplate), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.duplicate(request.caller, request.auditActor, request.params.id),
      }),
  );
  routes.post(
    '/templates/:id/versions',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Save a new version of a template',
        params: ZTemplateIdParams,
        body: ZTemplateContent,
        response: { 201: dataOf(ZTemplate), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.save(request.caller, request.auditActor, request.params.id, request.body),
      }),
  );
  routes.get(
    '/templates/:id/versions',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'List the versions of a template',
        params: ZTemplateIdParams,
        querystring: ZVersionPageQuery,
        response: { 200: listOf(ZTemplateVersionSummary), ...errors },
      },
    },
    async (request) => service.versions(request.caller, request.params.id, request.query),
  );
  routes.get(
    '/templates/:id/versions/:number',
    {
      config: { permission: 'templates:read' },
      schema: {
        summary: 'Get one version of a template',
        params: ZTemplateVersionParams,
        response: { 200: dataOf(ZTemplateVersion), ...errors },
      },
    },
    async (request) => ({
      data: await service.version(request.caller, request.params.id, request.params.number),
    }),
  );
  routes.post(
    '/templates/:id/versions/:number/restore',
    {
      config: { permission: 'templates:write' },
      schema: {
        summary: 'Restore a version as the newest',
        params: ZTemplateVersionParams,
        response: { 201: dataOf(ZTemplate), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.restore(
          request.caller,
          request.auditActor,
          request.params.id,
          request.params.number,
        ),
      }),
  );
  // Templates in the composer: declared under mail:send, which writing a mail needs; reading the
  // company's templates needs templates:read besides, and a printed attachment is a new file.
  routes.post(
    '/templates/:id/render',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'Fill an email template for a mail to a recipient',
        params: ZTemplateIdParams,
        body: ZTemplateUseRequest,
        response: { 200: dataOf(ZRenderedTemplate), ...errors },
      },
    },
    async (request) => {
      const auth = request.caller;
      assertPermission(auth, 'templates:read');
      return { data: await mailTemplates.render(auth, request.params.id, request.body) };
    },
  );
  routes.post(
    '/templates/:id/attachment',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'Print a document template for a mail and store it to attach',
        params: ZTemplateIdParams,
        body: ZTemplateUseRequest,
        response: { 201: dataOf(ZTemplateAttachment), ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.caller;
      assertPermission(auth, 'templates:read');
      assertPermission(auth, 'files:write');
      const attached = await mailTemplates.attachment(
        auth,
        request.auditActor,
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ data: attached });
    },
  );
};
