import type { Readable } from 'node:stream';
import type { TStagedFile, TStoredObject } from './file-staging.ts';

// The contract both stores keep (file-store.ts on local disk, s3-file-store.ts in a bucket), on its
// own so that neither store imports the other.

/**
 * Where uploaded bytes live (docs/architecture.md). Keys are made by the server (company id / file id), never
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
