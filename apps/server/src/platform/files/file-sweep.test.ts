import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TFileMeta } from '@cargodesk/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import { multipartBody, tinyPng } from '../../../test/multipart.ts';
import { startS3TestServer, type TS3TestServer } from '../../../test/s3-server.ts';
import type { Database } from '../../db/client.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../../services/access/access-test-support.ts';
import { createLocalFileStore, fileStoreKey } from './file-store.ts';
import { registerFileSweep, sweepFiles } from './file-sweep.ts';

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60_000);

/** Writes `bytes` at `file`, last modified at `modifiedAt`. */
const writeFileAt = (file: string, modifiedAt: Date, bytes = Buffer.alloc(64, 7)) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  fs.utimesSync(file, modifiedAt, modifiedAt);
};

const uploadPng = async (testApp: TIamTestApp, admin: TRegistered) => {
  const { payload, headers } = multipartBody([{ name: 'file', fileName: 'logo.png', bytes: tinyPng }]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/driveserver/api/v1/filesystem/file',
    headers: { ...headers, authorization: admin.jwt },
    payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: TFileMeta }>().data;
};

describe.each(testDatabaseKinds)('file sweep on %s', (kind) => {
  describe('with the local file store', () => {
    let testApp: TIamTestApp;
    let dataDir: string;
    let admin: TRegistered;
    const sweep = () =>
      sweepFiles({ database: testApp.database, fileStore: testApp.app.fileStore, logger: testApp.app.log });

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-sweep-test-'));
      testApp = await startIamTestApp({ kind, environment: { DATA_DIR: dataDir } });
      admin = await testApp.register('sweep');
    });
    afterAll(async () => {
      await testApp?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('removes old staging files and old stored files without a row, and keeps the rest', async () => {
      const root = path.join(dataDir, 'files');
      const uploaded = await uploadPng(testApp, admin);
      const keptFile = path.join(root, fileStoreKey(admin.companyId, uploaded._id));
      // Old too: only its row keeps it.
      fs.utimesSync(keptFile, twoHoursAgo(), twoHoursAgo());
      // What an upload killed between storing its bytes and writing its row leaves behind.
      const orphan = path.join(root, fileStoreKey(admin.companyId, randomUUID()));
      writeFileAt(orphan, twoHoursAgo());
      // A company since deleted leaves its objects without rows too.
      const goneCompanyFile = path.join(root, fileStoreKey(randomUUID(), randomUUID()));
      writeFileAt(goneCompanyFile, twoHoursAgo());
      // Stored a moment ago: its row may be on its way.
      const freshOrphan = path.join(root, fileStoreKey(admin.companyId, randomUUID()));
      writeFileAt(freshOrphan, new Date());
      const staleStaging = path.join(root, '.staging', randomUUID());
      writeFileAt(staleStaging, twoHoursAgo());
      const freshStaging = path.join(root, '.staging', randomUUID());
      writeFileAt(freshStaging, new Date());
      // Not a name the server makes: someone put it there, it is not ours to remove.
      const stranger = path.join(root, 'README.txt');
      writeFileAt(stranger, twoHoursAgo());

      expect(await sweep()).toEqual({ staging: 1, stored: 2 });

      expect(fs.existsSync(orphan)).toBe(false);
      expect(fs.existsSync(goneCompanyFile)).toBe(false);
      expect(fs.existsSync(staleStaging)).toBe(false);
      for (const kept of [keptFile, freshOrphan, freshStaging, stranger])
        expect(fs.existsSync(kept)).toBe(true);
      const download = await testApp.app.inject({
        method: 'GET',
        url: `/driveserver/api/v1/filesystem/file/${uploaded._id}`,
        headers: { authorization: admin.jwt },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(tinyPng)).toBe(true);
    });

    it.runIf(kind === 'postgres')(
      'leaves the stored files to the instance already sweeping, and still sweeps its own staging',
      async () => {
        const root = path.join(dataDir, 'files');
        const orphan = path.join(root, fileStoreKey(admin.companyId, randomUUID()));
        writeFileAt(orphan, twoHoursAgo());
        const staleStaging = path.join(root, '.staging', randomUUID());
        writeFileAt(staleStaging, twoHoursAgo());
        const pool = testApp.database.pool;
        if (!pool) throw new Error('PostgreSQL has a pool');
        // Another instance's sweep, holding the lock on its own connection.
        const other = await pool.connect();
        try {
          await other.query('select pg_advisory_lock(7283914502)');
          expect(await sweep()).toEqual({ staging: 1, stored: undefined });
          expect(fs.existsSync(orphan)).toBe(true);
          await other.query('select pg_advisory_unlock(7283914502)');
        } finally {
          other.release();
        }
        expect(await sweep()).toEqual({ staging: 0, stored: 1 });
        expect(fs.existsSync(orphan)).toBe(false);
      },
    );
  });

  it('sweeps on its own every interval, and stops when the app closes', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-sweep-timer-'));
    let database: Database | undefined;
    const app = Fastify({ logger: false });
    try {
      database = await openTestDatabase(kind);
      app.decorate('database', database);
      app.decorate('fileStore', createLocalFileStore(root));
      registerFileSweep(app, { intervalMs: 50 });
      await app.ready();
      const staleStaging = path.join(root, '.staging', randomUUID());
      writeFileAt(staleStaging, twoHoursAgo());
      const deadline = Date.now() + 5000;
      while (fs.existsSync(staleStaging) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(fs.existsSync(staleStaging)).toBe(false);
      await app.close();
      const afterClose = path.join(root, '.staging', randomUUID());
      writeFileAt(afterClose, twoHoursAgo());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fs.existsSync(afterClose)).toBe(true);
    } finally {
      await app.close();
      await database?.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('file sweep with an S3-compatible bucket', () => {
  const bucket = 'sweep-test';
  let s3: TS3TestServer;
  let testApp: TIamTestApp;
  let dataDir: string;
  let admin: TRegistered;

  beforeAll(async () => {
    s3 = await startS3TestServer([bucket]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-sweep-s3-test-'));
    testApp = await startIamTestApp({
      kind: 'pglite',
      environment: { DATA_DIR: dataDir, ...s3.environment(bucket) },
    });
    admin = await testApp.register('sweep-s3');
  });
  afterAll(async () => {
    await testApp?.close();
    await s3?.remove();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the bucket and removes the objects no row names, and old staging files', async () => {
    const store = testApp.app.fileStore;
    const uploaded = await uploadPng(testApp, admin);
    const keptKey = fileStoreKey(admin.companyId, uploaded._id);
    const orphanKeys = [randomUUID(), randomUUID()].map((id) => fileStoreKey(admin.companyId, id));
    for (const key of orphanKeys) {
      await store.commit(await store.stage(Readable.from([Buffer.from('left behind')])), key);
    }
    const staleStaging = path.join(dataDir, 'files', '.staging', randomUUID());
    writeFileAt(staleStaging, twoHoursAgo());

    // The bucket sets its own times, so the cutoff moves instead: everything counts as old.
    const result = await sweepFiles({
      database: testApp.database,
      fileStore: store,
      logger: testApp.app.log,
      olderThan: new Date(Date.now() + 60_000),
    });

    expect(result).toEqual({ staging: 1, stored: 2 });
    for (const key of orphanKeys) expect(await store.open(key)).toBeUndefined();
    const kept = await store.open(keptKey);
    expect(kept).toBeDefined();
    kept?.destroy();
    expect(fs.existsSync(staleStaging)).toBe(false);
  });
});
