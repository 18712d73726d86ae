import {
  fileMessages,
  filePurposes,
  type TFilePurpose,
  ZFileIdParams,
  ZFileListQuery,
  ZFileMeta,
} from '@cargodesk/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dataOf, listOf, signedInErrors, streamedResponse, ZErrorBody } from '../../platform/http/http.ts';
import { assertSafeInput } from '../../platform/http/input-guard.ts';
import { createFilesService } from './service.ts';

const fileErrors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;

/** `attachment; filename=…` with an ASCII fallback and the exact name in RFC 5987 form. */
const contentDisposition = (kind: 'inline' | 'attachment', name: string) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** files (docs/product.md §7, docs/architecture.md): company-scoped upload, download and removal of files. */
export const registerFilesRoutes = async (app: FastifyInstance) => {
  const service = createFilesService({
    db: app.database.db,
    store: app.fileStore,
    fileMaxBytes: app.config.fileMaxBytes,
    log: app.log,
  });

  await app.register(multipart, {
    // Our own check reports the limit with a clear message and discards what was received.
    throwFileSizeLimit: false,
    limits: { fileSize: app.config.fileMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/filesystem/file',
    {
      config: { permission: 'files:write' },
      schema: {
        summary: 'Upload a file',
        consumes: ['multipart/form-data'],
        response: {
          201: dataOf(ZFileMeta),
          ...fileErrors,
          413: ZErrorBody,
          415: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = request.caller;
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', fileMessages.notMultipart);
      // The multipart parser reports a cut-off or malformed body as a plain error: the client's
      // bytes are at fault, so it is a 400, not a 500 (its own limit errors carry a status).
      const malformed = (error: unknown) =>
        (error as { statusCode?: number }).statusCode
          ? error
          : new AppError('BAD_REQUEST', fileMessages.malformedUpload);
      const part = await request.file().catch((error: unknown) => {
        throw malformed(error);
      });
      if (!part) throw new AppError('BAD_REQUEST', fileMessages.noFile);
      const purposeField = part.fields.purpose;
      const purpose =
        purposeField && 'value' in purposeField ? String(purposeField.value) : ('attachment' as const);
      // Multipart fields bypass the input guard's hook (the body is read here, not before validation).
      try {
        const values = Object.entries(part.fields).flatMap(([name, field]) =>
          field && 'value' in field ? [[name, field.value]] : [],
        );
        assertSafeInput('multipart', { ...Object.fromEntries(values), fileName: part.filename });
      } catch (error) {
        part.file.resume();
        throw error;
      }
      if (!(filePurposes as readonly string[]).includes(purpose)) {
        part.file.resume();
        throw new AppError(
          'VALIDATION_FAILED',
          `Invalid body: purpose must be one of ${filePurposes.join(', ')}`,
          {
            fields: [{ field: 'purpose', message: `must be one of ${filePurposes.join(', ')}` }],
          },
        );
      }
      try {
        const data = await service.upload(auth, request.auditActor, {
          stream: part.file,
          fileName: part.filename,
          purpose: purpose as TFilePurpose,
        });
        return reply.code(201).send({ data });
      } catch (error) {
        // The parser destroys the file stream with its error when the body ends mid-form.
        throw part.file.errored ? malformed(part.file.errored) : error;
      }
    },
  );

  routes.get(
    '/filesystem/file',
    {
      config: { permission: 'files:read' },
      schema: {
        summary: 'List files',
        querystring: ZFileListQuery,
        response: { 200: listOf(ZFileMeta), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => service.list(request.caller, request.query),
  );

  routes.get(
    '/filesystem/file/:id',
    {
      config: { permission: 'files:read' },
      schema: {
        summary: 'Download a file',
        params: ZFileIdParams,
        response: {
          200: streamedResponse('application/octet-stream', "The file's bytes, with its own type"),
          ...fileErrors,
        },
      },
    },
    async (request, reply) => {
      const { meta, stream } = await service.download(request.caller, request.params.id);
      const isViewable = meta.contentType.startsWith('image/') || meta.contentType === 'application/pdf';
      return (
        reply
          .header('content-type', meta.contentType)
          .header('content-length', meta.size)
          .header('content-disposition', contentDisposition(isViewable ? 'inline' : 'attachment', meta.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=300')
          .header('etag', `"${meta.sha256}"`)
          // A stream bypasses the response serializer; the type only knows the JSON error bodies.
          .send(stream as never)
      );
    },
  );

  routes.get(
    '/filesystem/file/:id/meta',
    {
      config: { permission: 'files:read' },
      schema: {
        summary: 'Get a file’s metadata',
        params: ZFileIdParams,
        response: { 200: dataOf(ZFileMeta), ...fileErrors },
      },
    },
    async (request) => ({ data: await service.getMeta(request.caller, request.params.id) }),
  );

  routes.delete(
    '/filesystem/file/:id',
    {
      config: { permission: 'files:write' },
      // 409: the file is attached to a mail not yet sent.
      schema: {
        summary: 'Delete a file',
        params: ZFileIdParams,
        response: { 200: dataOf(ZFileMeta), ...fileErrors, 409: ZErrorBody },
      },
    },
    async (request) => ({
      data: await service.remove(request.caller, request.auditActor, request.params.id),
    }),
  );
};
