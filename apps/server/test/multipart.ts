// Test helper: a multipart/form-data body for app.inject(), as a browser's FormData would send it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export type TFormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; contentType?: string; bytes: Buffer };

export const multipartBody = (parts: TFormPart[]) => {
  const boundary = `----cargodesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'fileName' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('fileName' in part ? part.bytes : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A real 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF: the signature is what the sniffer reads. */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Uploads a PNG to the company's file store as `token`'s user, and answers the new file's id. */
export const uploadTinyPng = async (app: FastifyInstance, token: string, fileName = 'tiny.png') => {
  const upload = multipartBody([{ name: 'file', fileName, contentType: 'image/png', bytes: tinyPng }]);
  const response = await app.inject({
    method: 'POST',
    url: '/driveserver/api/v1/filesystem/file',
    headers: { authorization: token, ...upload.headers },
    payload: upload.payload,
  });
  if (response.statusCode !== 201) throw new Error(`Upload failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { _id: string } }).data._id;
};
