import { getHeapStatistics } from 'node:v8';
import type { TCollect } from './idle-collection.ts';

/**
 * For a long job that allocates as it goes, such as a contacts import or export. Each batch's rows
 * live across the batch's database round trips, so they reach V8's old generation, which V8 collects only once
 * it has grown to several times what is live: a 100,000-row import left 200–300 MB of garbage
 * resident while it ran. The job calls the returned check between batches; once the heap has grown
 * by `allowedGrowthBytes` since the last collection, the check collects: about 40 ms with the
 * server's live heap, every second or so of an import, which holds it near 250 MB. The server runs with `--expose-gc` (scripts/tools.mjs); without it, this does
 * nothing. docs/operations.md, "Memory".
 */
export const limitHeapGrowth = ({
  allowedGrowthBytes = 16 * 1024 * 1024,
  collect = (globalThis as { gc?: TCollect }).gc,
  readHeapBytes = () => getHeapStatistics().used_heap_size,
}: {
  allowedGrowthBytes?: number;
  collect?: TCollect | undefined;
  readHeapBytes?: () => number;
} = {}) => {
  if (!collect) return (_options?: { now?: boolean }) => {};
  let floor = readHeapBytes();
  /** Collects once the heap has grown enough, or `now`: as a part of the job that made garbage ends. */
  return ({ now = false }: { now?: boolean } = {}) => {
    if (!now && readHeapBytes() - floor < allowedGrowthBytes) return;
    collect();
    floor = readHeapBytes();
  };
};
