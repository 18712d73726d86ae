import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes received and written to local disk, not yet in the store. */
export type TStagedFile = { path: string; size: number; sha256: string };

/**
 * Where uploaded bytes live (DESIGN §8). Keys are made by the server (company id / file id), never
 * from a client's file name. Uploads are staged on local disk first, so a rejected upload (too
 * large, wrong type) never reaches the store.
 */
export type TFileStore = {
  /** Streams `source` to a staging file, hashing it on the way. */
  stage: (source: Readable) => Promise<TStagedFile>;
  /** Moves a staged file into the store under `key`; the staging file is gone afterwards. */
  commit: (staged: TStagedFile, key: string) => Promise<void>;
  /** Removes a staging file that will not be committed. Never throws. */
  discard: (staged: TStagedFile | string) => Promise<void>;
  /** The stored bytes, or undefined when the key holds nothing. */
  open: (key: string) => Promise<Readable | undefined>;
  /** Removes the bytes under `key`; removing what is not there is not an error. */
  remove: (key: string) => Promise<void>;
};

const safeKey = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/** The store key of a company's file: both parts are server-made UUIDs. */
export const fileStoreKey = (companyId: string, fileId: string) => {
  const key = `${companyId}/${fileId}`;
  if (!safeKey.test(key)) throw new Error('A file store key is made of two UUIDs');
  return key;
};

/**
 * The local-disk store under `root` (DATA_DIR/files). Staging files go to `root/.staging`, on the
 * same file system, so committing is an atomic rename: a reader never sees half a file.
 */
export const createLocalFileStore = (root: string): TFileStore => {
  const stagingDir = path.join(root, '.staging');
  const pathOf = (key: string) => {
    if (!safeKey.test(key)) throw new Error('A file store key is made of two UUIDs');
    return path.join(root, key);
  };

  const discard = async (staged: TStagedFile | string) => {
    await fsp.rm(typeof staged === 'string' ? staged : staged.path, { force: true }).catch(() => undefined);
  };

  return {
    stage: async (source) => {
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
    },
    commit: async (staged, key) => {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(staged.path, target);
    },
    discard,
    open: async (key) => {
      try {
        const handle = await fsp.open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    remove: async (key) => {
      await fsp.rm(pathOf(key), { force: true });
    },
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: TFileStore;
  }
}

const staleStagingMs = 60 * 60 * 1000;

/**
 * The store the configuration selects: local disk under DATA_DIR/files. Staging files left by a
 * process that stopped mid-upload are swept on start.
 */
export const createFileStore = (config: { dataDir: string }): TFileStore => {
  const root = path.join(config.dataDir, 'files');
  const stagingDir = path.join(root, '.staging');
  void fsp
    .readdir(stagingDir)
    .then(async (names) => {
      for (const name of names) {
        const full = path.join(stagingDir, name);
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat && Date.now() - stat.mtimeMs > staleStagingMs) await fsp.rm(full, { force: true });
      }
    })
    .catch(() => undefined);
  return createLocalFileStore(root);
};
