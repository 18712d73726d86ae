import type { Readable } from 'node:stream';
import { ZListMeta } from '@cargodesk/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The error envelope every route declares for its failure statuses. */
export const ZErrorBody = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  // Named once in the API reference instead of repeated under every operation.
  .meta({ id: 'ErrorBody' });

/** `{ data }` around a response schema (docs/architecture.md). */
export const dataOf = <TSchema extends z.ZodType>(schema: TSchema) => z.object({ data: schema });

/** A page of a list: `{ data: [...], meta: { total, page, pageSize } }` (docs/architecture.md). */
export const listOf = <TSchema extends z.ZodType>(schema: TSchema) =>
  z.object({ data: z.array(schema), meta: ZListMeta });

/**
 * A 2xx answer that is not JSON (a file's bytes, an event stream), for the API reference: a stream
 * bypasses the response serializer, so this schema only describes.
 */
export const streamedResponse = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * Answers a CSV download: the file name the browser saves it under, never cached. A stream
 * bypasses the response serializer, whose type only knows the JSON error bodies.
 */
export const sendCsvFile = (reply: FastifyReply, fileName: string, body: string | Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body as never);

/** The statuses any signed-in route can answer besides its own (429: too many invalid API tokens). */
export const signedInErrors = { 401: ZErrorBody, 403: ZErrorBody, 429: ZErrorBody } as const;

/** docs/product.md §7: the Authorization header carries the token with no prefix; `Bearer ` is tolerated. */
export const readAuthorizationToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
};
