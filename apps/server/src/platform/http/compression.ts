import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller bodies go as they are: below about 1 KB the encoding saves less than it costs. */
export const compressThresholdBytes = 1024;

// Text-like types only. Not octet-stream (the library's default includes it): a file download is
// often already compressed. Not event-stream: an SSE stream must reach the client event by event,
// and it is hijacked from Fastify anyway. Other types fall back to mime-db's compressible flag.
const compressibleType = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript/u;

/**
 * Compresses API responses and server-rendered pages for clients that accept brotli or gzip
 * (docs/operations.md). Built assets are precompressed at build time and sent as they are
 * (web-app.ts): the plugin leaves a response that already has a Content-Encoding alone.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressThresholdBytes,
    encodings: ['br', 'gzip'],
    customTypes: compressibleType,
  });
};
