import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type TS3TestServer } from '../../../test/s3-server.ts';
import { loadConfig } from '../../config.ts';
import { AppError } from '../http/errors.ts';
import { createFileStore, fileStoreKey } from './file-store.ts';

const bucket = 'store-test';
const key = fileStoreKey('11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222');

// The S3 store on its own, against a real S3 implementation (s3rver) on 127.0.0.1.
describe('S3 file store', () => {
  let s3: TS3TestServer;
  let dataDir: string;
  const storeWith = (environment: Record<string, string> = {}) =>
    createFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.environment(bucket), ...environment }));
  const stagingFiles = () => fs.readdirSync(path.join(dataDir, 'files', '.staging'));

  beforeAll(async () => {
    s3 = await startS3TestServer([bucket]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-s3-store-test-'));
  });
  afterAll(async () => {
    await s3?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('commits a staged file, opens it, and removes it (twice is fine)', async () => {
    const store = storeWith();
    const staged = await store.stage(Readable.from([Buffer.from('bill of lading\n')]));
    expect(staged.size).toBe(15);
    await store.commit(staged, key);
    expect(fs.existsSync(staged.path)).toBe(false);
    const stream = await store.open(key);
    expect(stream && (await text(stream))).toBe('bill of lading\n');
    await store.remove(key);
    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
  });

  it('turns refused credentials and a missing bucket into 503 UNAVAILABLE without leaking the secret', async () => {
    const cases: { environment: Record<string, string>; cause: RegExp }[] = [
      { environment: { S3_ACCESS_KEY_ID: 'WRONGKEY', S3_SECRET_ACCESS_KEY: 'very-secret' }, cause: /403/ },
      { environment: { S3_BUCKET: 'no-such-bucket' }, cause: /404 NoSuchBucket/ },
    ];
    for (const { environment, cause } of cases) {
      const store = storeWith(environment);
      const staged = await store.stage(Readable.from([Buffer.from('x')]));
      const commit = await store.commit(staged, key).catch((error: unknown) => error);
      expect(commit).toBeInstanceOf(AppError);
      expect(commit).toMatchObject({ code: 'UNAVAILABLE', statusCode: 503 });
      const reason = String((commit as Error).cause);
      expect(reason).toMatch(cause);
      expect(reason).not.toContain('very-secret');
      // The staging file stays for the caller to discard.
      expect(fs.existsSync(staged.path)).toBe(true);
      await store.discard(staged);
      await expect(store.open(key)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    }
    expect(stagingFiles()).toEqual([]);
  });

  it('refuses a key that is not company id / file id', async () => {
    const store = storeWith();
    await expect(store.open('../other-bucket/x')).rejects.toThrow('A file store key is made of two UUIDs');
  });
});
