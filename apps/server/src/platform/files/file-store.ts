import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import {
  assertFileStoreKey,
  createStaging,
  listLocalObjects,
  type TStagedFile,
  type TStoredObject,
} from './file-staging.ts';
import type { TFileStore } from './file-store-contract.ts';
import { createS3FileStore } from './s3-file-store.ts';

export type { TFileStore, TStagedFile, TStoredObject };

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
