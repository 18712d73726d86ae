import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import {
  assertFileStoreKey,
  createStaging,
  listLocalObjects,
  type TStagedFile,
  type TStoredObject,
} from './file-staging.ts';
import { createS3FileStore } from './s3-file-store.ts';

export type { TStagedFile, TStoredObject };

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
  /** Removes staging files last written before `olderThan` (left by stopped uploads); answers how many. */
  sweepStaging: (olderThan: Date) => Promise<number>;
  /** Every stored object, a page at a time, for the sweep of objects no `files` row names. */
  listStored: () => AsyncIterable<TStoredObject[]>;
};

/** The store key of a company's file: both parts are server-made UUIDs. */
export const fileStoreKey = (companyId: string, fileId: string) =>
  assertFileStoreKey(`${companyId}/${fileId}`);

/**
 * The local-disk store under `root` (DATA_DIR/files). Staging files go to `root/.staging`, on the
 * same file system, so committing is an atomic rename: a reader never sees half a file.
 */
export const createLocalFileStore = (root: string): TFileStore => {
  const { stage, discard, sweepStaging } = createStaging(path.join(root, '.staging'));
  const pathOf = (key: string) => path.join(root, assertFileStoreKey(key));

  return {
    stage,
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
    sweepStaging,
    listStored: () => listLocalObjects(root),
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: TFileStore;
  }
}

/**
 * The store the configuration selects (FILE_STORE): local disk under DATA_DIR/files, or an
 * S3-compatible bucket. Either way uploads are staged in DATA_DIR/files/.staging; what a process
 * stopped mid-upload leaves behind is removed by the periodic sweep (file-sweep.ts).
 */
export const createFileStore = (config: Pick<Config, 'dataDir' | 'fileStore'>): TFileStore => {
  const root = path.join(config.dataDir, 'files');
  const stagingDir = path.join(root, '.staging');
  return config.fileStore.kind === 's3'
    ? createS3FileStore(config.fileStore, stagingDir)
    : createLocalFileStore(root);
};
