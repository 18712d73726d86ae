/**
 * V8 collects its old generation only when it outgrows a limit it raises under load, so after a busy
 * spell a quiet server keeps its garbage resident, 100 MB and more, until the next busy spell. Once
 * the process has been busy and then quiet for a whole interval, one full collection gives that
 * memory back (docs/operations.md). The server runs with `--expose-gc` (scripts/tools.mjs); without
 * it, this does nothing.
 */

/**
 * `gc` as `--expose-gc` gives it. Called bare: a full, synchronous collection. (Node 20's V8 takes
 * an options object too, but `{ type: 'major' }` there freed nothing.)
 */
export type TCollect = () => unknown;

/** CPU time, in microseconds, a quiet interval may use: timers and health probes, no real work. */
const quietCpuMicros = (intervalMs: number) => intervalMs * 10;

const processCpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Starts watching; returns the function that stops it. */
export const startIdleCollection = ({
  intervalMs = 5000,
  collect = (globalThis as { gc?: TCollect }).gc,
  readCpuMicros = processCpuMicros,
}: {
  intervalMs?: number;
  collect?: TCollect | undefined;
  readCpuMicros?: () => number;
} = {}) => {
  if (!collect) return () => {};
  // Start-up itself is a busy spell: its garbage goes at the first quiet interval.
  let wasBusy = true;
  let last = readCpuMicros();
  const timer = setInterval(() => {
    const now = readCpuMicros();
    const isBusy = now - last > quietCpuMicros(intervalMs);
    last = now;
    if (!isBusy && wasBusy) collect();
    wasBusy = isBusy;
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
