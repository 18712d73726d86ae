// Test helper: a real S3-compatible server (s3rver) on 127.0.0.1, storing objects in a temp dir.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver accepts (it knows one account; it does not check SigV4 signatures). */
export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type TS3TestServer = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The FILE_STORE=s3 environment pointing at `bucket` on this server. */
  environment: (bucket: string) => Record<string, string>;
  /** Stops listening; the stored objects stay until `remove`. */
  stop: () => Promise<void>;
  /** Stops (if running) and deletes the stored objects. */
  remove: () => Promise<void>;
};

/** Starts s3rver on a random port with `buckets` created. */
export const startS3TestServer = async (buckets: string[]): Promise<TS3TestServer> => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let isRunning = true;
  const stop = async () => {
    if (!isRunning) return;
    isRunning = false;
    await server.close();
  };
  return {
    endpoint,
    environment: (bucket) => ({
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
    }),
    stop,
    remove: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
};
