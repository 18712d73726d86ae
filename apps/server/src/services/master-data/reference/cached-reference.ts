import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export type TCachedReference<T> = { etag: string; data: T };

/** The response schema of a list answered 304 when the client's copy is current. */
export const notModified = { 304: z.undefined() } as const;

const cacheControl = 'private, max-age=0, must-revalidate';

/** A list and its ETag, for lists that differ per company and are built on each request. */
export const toReference = <T>(data: T): TCachedReference<T> => ({
  data,
  etag: `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`,
});

/** Builds a list and its ETag once, and again only after `refreshMs` (for lists that drift, like offsets). */
export const createCachedReference = <T>(build: () => T, { refreshMs }: { refreshMs?: number } = {}) => {
  let cached: (TCachedReference<T> & { builtAt: number }) | undefined;
  return (): TCachedReference<T> => {
    const now = Date.now();
    if (!cached || (refreshMs !== undefined && now - cached.builtAt >= refreshMs)) {
      const data = build();
      const hash = createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27);
      cached = { data, etag: `"${hash}"`, builtAt: now };
    }
    return cached;
  };
};

const matchesEtag = (header: string | undefined, etag: string) =>
  header?.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });

/** Sets the validators and answers 304 when the client already has this version, else the list. */
export const replyWithReference = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { etag, data }: TCachedReference<T>,
) => {
  reply.header('etag', etag).header('cache-control', cacheControl).header('vary', 'Authorization');
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  return { data };
};
