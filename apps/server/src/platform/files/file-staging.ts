import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes received and written to local disk, not yet in the store. */
export type TStagedFile = { path: string; size: number; sha256: string };

const safeKey = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
const safeKeyPart = /^[0-9a-f-]{36}$/;

/** Whether `key` is a store key the server could have made; anything else in a store is not ours. */
export const isFileStoreKey = (key: string) => safeKey.test(key);

/** One object in a store, for the sweep: its key and when it was last written. */
export type TStoredObject = { key: string; modifiedAt: Date };

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

  return { stage, discard, sweepStaging: (olderThan: Date) => sweepStaging(stagingDir, olderThan) };
};

/** Every key under a local store's `root` (company directory / file), a page at a time. */
export async function* listLocalObjects(root: string, pageSize = 500): AsyncGenerator<TStoredObject[]> {
  let page: TStoredObject[] = [];
  // `.staging` and anything else not named like a company id is skipped: only our keys are listed.
  const companies = (await fsp.readdir(root).catch(() => [] as string[])).filter((name) =>
    safeKeyPart.test(name),
  );
  for (const company of companies) {
    const names = await fsp.readdir(path.join(root, company)).catch(() => [] as string[]);
    for (const name of names) {
      const key = `${company}/${name}`;
      if (!isFileStoreKey(key)) continue;
      const stat = await fsp.stat(path.join(root, key)).catch(() => undefined);
      if (!stat?.isFile()) continue;
      page.push({ key, modifiedAt: stat.mtime });
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
  }
  if (page.length > 0) yield page;
}

/**
 * Removes staging files last written before `olderThan`: a process stopped mid-upload leaves its
 * staging file behind. An upload in progress writes to its file all the time, so it is never old.
 * Answers how many were removed.
 */
export const sweepStaging = async (stagingDir: string, olderThan: Date) => {
  const names = await fsp.readdir(stagingDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const full = path.join(stagingDir, name);
    const stat = await fsp.stat(full).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < olderThan.getTime()) {
      await fsp.rm(full, { force: true });
      removed += 1;
    }
  }
  return removed;
};
