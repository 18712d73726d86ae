import {
  ZShipmentDocument,
  ZShipmentDocumentCreate,
  ZShipmentDocumentListQuery,
  ZShipmentDocumentMove,
  ZShipmentDocumentParams,
  ZShipmentDocumentPreview,
  ZShipmentDocumentSend,
  ZShipmentDocumentSent,
  ZShipmentIdParams,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requirePermission } from '../../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, streamedResponse, ZErrorBody } from '../../../platform/http/http.ts';
import { createTenantTemplates } from '../../../templating/tenant-templates.ts';
import { registerKeptFileCheck } from '../../files/public.ts';
import { createMailService } from '../../mail/public.ts';
import { createLocationLookup } from '../../master-data/public.ts';
import { createShipmentsService } from '../shipments/service.ts';
import { createDocumentsService, issuedDocumentFiles, mayReadIssuedFile } from './service.ts';

const errors = {
  ...signedInErrors,
  400: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  // Previews and issues run on the tenant work pool and in the PDF queue (decisions 013, 033).
  429: ZErrorBody,
  503: ZErrorBody,
} as const;

/**
 * A shipment's transport documents (docs/decisions/049-shipment-documents.md). Reading needs
 * shipments:read, writing shipments:write; a kind that prints the sell charges (the arrival
 * notice) also needs charges:read to be made, previewed, moved or downloaded.
 */
export const registerDocumentRoutes = async (app: FastifyInstance) => {
  registerKeptFileCheck(issuedDocumentFiles, mayReadIssuedFile);
  const service = createDocumentsService({
    db: app.database.db,
    shipments: createShipmentsService({ db: app.database.db, locations: createLocationLookup(app.changes) }),
    templates: createTenantTemplates(app.tenantWork),
    pdf: app.pdf,
    pdfRendersPerCompany: app.rateLimits.pdfRendersPerCompany,
    drive: { db: app.database.db, store: app.fileStore, fileMaxBytes: app.config.fileMaxBytes, log: app.log },
    mail: createMailService({
      db: app.database.db,
      config: app.config,
      mailer: app.mailer,
      domainEvents: app.domainEvents,
      identityAdmin: app.identity.admin,
    }),
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: 'shipments:read' } as const;
  const write = { permission: 'shipments:write' } as const;

  routes.get(
    '/shipments/:id/documents',
    {
      config: read,
      schema: {
        summary: 'List the shipment’s documents, newest first, with their status and issued file’s SHA-256',
        params: ZShipmentIdParams,
        querystring: ZShipmentDocumentListQuery,
        response: { 200: listOf(ZShipmentDocument), ...errors },
      },
    },
    async (request) => service.list(request.caller, request.params.id, request.query),
  );
  routes.post(
    '/shipments/:id/documents',
    {
      config: write,
      schema: {
        summary:
          'Make a draft of a kind from the company’s document template (the next version of that kind)',
        params: ZShipmentIdParams,
        body: ZShipmentDocumentCreate,
        response: { 201: dataOf(ZShipmentDocument), ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        data: await service.create(request.caller, request.auditActor, request.params.id, request.body),
      };
    },
  );
  routes.get(
    '/shipments/:id/documents/:documentId',
    {
      config: read,
      schema: {
        summary: 'Get one of the shipment’s documents',
        params: ZShipmentDocumentParams,
        response: { 200: dataOf(ZShipmentDocument), ...errors },
      },
    },
    async (request) => ({
      data: await service.get(request.caller, request.params.id, request.params.documentId),
    }),
  );
  routes.get(
    '/shipments/:id/documents/:documentId/preview',
    {
      config: read,
      schema: {
        summary: 'Fill a draft with the shipment as it is now (HTML, rendered off the request thread)',
        params: ZShipmentDocumentParams,
        response: { 200: dataOf(ZShipmentDocumentPreview), ...errors },
      },
    },
    async (request) => ({
      data: await service.preview(request.caller, request.params.id, request.params.documentId),
    }),
  );
  routes.post(
    '/shipments/:id/documents/:documentId/status',
    {
      config: write,
      schema: {
        summary:
          'Move a document as DCSA eBL 3.0 allows: approve, issue (prints the PDF once), surrender, void',
        params: ZShipmentDocumentParams,
        body: ZShipmentDocumentMove,
        response: { 200: dataOf(ZShipmentDocument), ...errors },
      },
    },
    async (request) => ({
      data: await service.move(
        request.caller,
        request.auditActor,
        request.params.id,
        request.params.documentId,
        request.body.status,
      ),
    }),
  );
  routes.post(
    '/shipments/:id/documents/:documentId/versions',
    {
      config: write,
      schema: {
        summary: 'Start the next version of a void document, as a draft',
        params: ZShipmentDocumentParams,
        response: { 201: dataOf(ZShipmentDocument), ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        data: await service.newVersion(
          request.caller,
          request.auditActor,
          request.params.id,
          request.params.documentId,
        ),
      };
    },
  );
  routes.post(
    '/shipments/:id/documents/:documentId/send',
    {
      config: { permission: 'mail:send' },
      // Also shipments:read, before the input is read: the mail names the shipment and its parties.
      preValidation: requirePermission('shipments:read'),
      schema: {
        summary:
          'Mail the issued PDF, by reference, to the parties’ contact addresses (an arrival notice: consignee and notify party), recorded on the shipment’s history',
        params: ZShipmentDocumentParams,
        body: ZShipmentDocumentSend,
        response: { 201: dataOf(ZShipmentDocumentSent), ...errors, 413: ZErrorBody },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return {
        data: await service.send(
          request.caller,
          request.auditActor,
          request.params.id,
          request.params.documentId,
          request.body,
        ),
      };
    },
  );
  routes.get(
    '/shipments/:id/documents/:documentId/pdf',
    {
      config: read,
      schema: {
        summary: 'Download the issued PDF as it was stored on issue (never rendered again)',
        params: ZShipmentDocumentParams,
        response: { 200: streamedResponse('application/pdf', 'The issued PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { meta, stream } = await service.download(
        request.caller,
        request.params.id,
        request.params.documentId,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', meta.size)
        .header('content-disposition', `attachment; filename="${meta.name.replaceAll('"', '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${meta.sha256}"`)
        .send(stream as never);
    },
  );
};
