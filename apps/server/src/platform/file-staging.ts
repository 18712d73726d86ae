import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes received and written to local disk, not yet in the store. */
export type TStagedFile = { path: string; size: number; sha256: string };

const safeKey = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** Refuses a store key that is not two server-made UUIDs (company id / file id). */
export const assertFileStoreKey = (key: string) => {
  if (!safeKey.test(key)) throw new Error('A file store key is made of two UUIDs');
  return key;
};

/**
 * Local staging shared by every store: an upload is streamed to a file in `stagingDir` and hashed
 * on the way, so size and type are checked before anything reaches the store.
 */
export const createStaging = (stagingDir: string) => {
  const discard = async (staged: TStagedFile | string) => {
    await fsp.rm(typeof staged === 'string' ? staged : staged.path, { force: true }).catch(() => undefined);
  };

  const stage = async (source: Readable): Promise<TStagedFile> => {
    await fsp.mkdir(stagingDir, { recursive: true });
    const stagingPath = path.join(stagingDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(stagingPath, { flags: 'wx', mode: 0o600 }),
      );
    } catch (error) {
      await discard(stagingPath);
      throw error;
    }
    return { path: stagingPath, size, sha256: hash.digest('hex') };
  };

  return { stage, discard };
};

const staleStagingMs = 60 * 60 * 1000;

/** Removes staging files left by a process that stopped mid-upload (older than an hour). */
export const sweepStaleStaging = (stagingDir: string) =>
  fsp
    .readdir(stagingDir)
    .then(async (names) => {
      for (const name of names) {
        const full = path.join(stagingDir, name);
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat && Date.now() - stat.mtimeMs > staleStagingMs) await fsp.rm(full, { force: true });
      }
    })
    .catch(() => undefined);
