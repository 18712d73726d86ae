import { ZPortImport, ZPortImportApply } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createPortImportService } from './import-service.ts';
import { unlocodeLimits } from './unlocode-import.ts';

// UN/LOCODE imports of the sea-port catalogue: upload → reviewed diff → apply or discard.

const errors = {
  ...signedInErrors,
  400: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
} as const;
const ZImportParams = z.object({ id: z.uuid('must be an import id') }).strict();

export const registerPortImportRoutes = async (app: FastifyInstance) => {
  const service = createPortImportService({
    db: app.database.db,
    isPlatformAdmin: (auth) =>
      app.identity.admin.isPlatformAdmin(auth.user.identityProject, auth.user.identityUid),
  });
  // The file arrives as the body, whatever a browser calls a CSV.
  app.addContentTypeParser(
    ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: unlocodeLimits.maxBytes },
    (_request, body, done) => done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/oceanport/imports',
    {
      bodyLimit: unlocodeLimits.maxBytes,
      config: { permission: 'ports:write' },
      schema: {
        summary: 'Upload a port catalogue for import',
        response: { 201: dataOf(ZPortImport), ...errors },
      },
    },
    async (request, reply) => {
      const named =
        request.headers['x-file-name'] ?? (request.query as { fileName?: unknown } | undefined)?.fileName;
      const fileName = (typeof named === 'string' ? named : '').slice(0, 200);
      const created = await service.upload(request.caller, request.auditActor, request.body, fileName);
      return reply.status(201).send({ data: created });
    },
  );

  routes.get(
    '/oceanport/imports/:id',
    {
      config: { permission: 'ports:write' },
      schema: {
        summary: 'Get a port import’s preview',
        params: ZImportParams,
        response: { 200: dataOf(ZPortImport), ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.caller, request.params.id) }),
  );

  routes.post(
    '/oceanport/imports/:id/apply',
    {
      config: { permission: 'ports:write' },
      schema: {
        summary: 'Apply a port import',
        params: ZImportParams,
        body: ZPortImportApply,
        response: { 200: dataOf(ZPortImport), ...errors },
      },
    },
    async (request) => ({
      data: await service.apply(request.caller, request.auditActor, request.params.id, request.body),
    }),
  );

  routes.delete(
    '/oceanport/imports/:id',
    {
      config: { permission: 'ports:write' },
      schema: {
        summary: 'Discard a port import',
        params: ZImportParams,
        response: { 200: dataOf(ZPortImport), ...errors },
      },
    },
    async (request) => ({
      data: await service.discard(request.caller, request.auditActor, request.params.id),
    }),
  );
};
