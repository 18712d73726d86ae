import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TFileMeta } from '@cargodesk/shared';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, tinyPng } from '../../../test/multipart.ts';
import { s3rverCredentials, startS3TestServer, type TS3TestServer } from '../../../test/s3-server.ts';
import { files } from '../../db/schema/index.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';

const base = '/driveserver/api/v1/filesystem/file';
const bucket = 'cargodesk-files';

/** Files on local disk under `dir` (staging included): with FILE_STORE=s3 none should stay. */
const localFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    : [];

// FILE_STORE=s3 against a real S3 implementation (s3rver) listening on 127.0.0.1.
describe('driveserver files in an S3-compatible bucket', () => {
  let s3: TS3TestServer;
  let testApp: TIamTestApp;
  let dataDir: string;
  let admin: TRegistered;
  // Reads the bucket directly, beside the app, to see what it really holds.
  const bucketClient = new AwsClient({
    ...s3rverCredentials,
    service: 's3',
    region: 'us-east-1',
    retries: 0,
  });
  const objectUrl = (meta: TFileMeta) => `${s3.endpoint}/${bucket}/${admin.companyId}/${meta._id}`;

  const upload = (bytes: Buffer, fileName = 'photo.png') => {
    const { payload, headers } = multipartBody([{ name: 'file', fileName, bytes }]);
    return testApp.app.inject({
      method: 'POST',
      url: base,
      headers: { ...headers, authorization: admin.jwt },
      payload,
    });
  };
  const request = (method: 'GET' | 'DELETE', url: string) =>
    testApp.app.inject({ method, url, headers: { authorization: admin.jwt } });
  const fileRows = () => testApp.database.db.select().from(files);

  beforeAll(async () => {
    s3 = await startS3TestServer([bucket]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-drive-s3-test-'));
    testApp = await startIamTestApp({
      kind: 'pglite',
      environment: { DATA_DIR: dataDir, FILE_MAX_BYTES: String(256 * 1024), ...s3.environment(bucket) },
    });
    admin = await testApp.register('drive-s3');
  });
  afterAll(async () => {
    await testApp?.close();
    await s3?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads into the bucket, serves the same bytes back, and deletes them from the bucket', async () => {
    // Larger than one stream chunk, so the PUT and the GET really stream.
    const bytes = Buffer.concat([tinyPng, randomBytes(200 * 1024)]);
    const response = await upload(bytes, 'Scan.png');
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as { data: TFileMeta };
    expect(data).toMatchObject({ name: 'Scan.png', contentType: 'image/png', size: bytes.length });

    // The object is in the bucket under company id / file id, and nothing stayed on local disk.
    const stored = await bucketClient.fetch(objectUrl(data));
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(bytes)).toBe(true);
    expect(localFiles(path.join(dataDir, 'files'))).toEqual([]);

    const download = await request('GET', `${base}/${data._id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(bytes)).toBe(true);

    const meta = await request('GET', `${base}/${data._id}/meta`);
    expect(meta.statusCode).toBe(200);
    expect((meta.json() as { data: TFileMeta }).data).toEqual(data);

    const removed = await request('DELETE', `${base}/${data._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await bucketClient.fetch(objectUrl(data))).status).toBe(404);
    expect((await request('GET', `${base}/${data._id}`)).statusCode).toBe(404);
    expect((await request('GET', `${base}/${data._id}/meta`)).statusCode).toBe(404);
  });

  it('answers 404 for a row whose object is missing from the bucket', async () => {
    const { data } = (await upload(tinyPng)).json() as { data: TFileMeta };
    expect((await bucketClient.fetch(objectUrl(data), { method: 'DELETE' })).status).toBe(204);
    const download = await request('GET', `${base}/${data._id}`);
    expect(download.statusCode).toBe(404);
    expect(download.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers a clear 503 while the bucket is down, keeps no row and no staging file, and leaks nothing', async () => {
    const { data: kept } = (await upload(tinyPng, 'kept.png')).json() as { data: TFileMeta };
    const rowsBefore = await fileRows();
    await s3.stop();

    const response = await upload(tinyPng, 'while-down.png');
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'File storage is not available right now. Try again in a moment.',
      },
    });
    expect(response.body).not.toContain(s3rverCredentials.secretAccessKey);
    expect(response.body).not.toContain(s3.endpoint);
    expect(await fileRows()).toEqual(rowsBefore);
    expect(localFiles(path.join(dataDir, 'files'))).toEqual([]);

    // Reading a stored file fails the same way, rather than claiming the file does not exist.
    const download = await request('GET', `${base}/${kept._id}`);
    expect(download.statusCode).toBe(503);
    expect(download.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
  });
});
