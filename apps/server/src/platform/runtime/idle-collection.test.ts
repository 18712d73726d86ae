import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdleCollection } from './idle-collection.ts';

describe('idle collection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once when a busy spell turns quiet, and not again until the next one', () => {
    vi.useFakeTimers();
    let cpuMicros = 0;
    const collections: unknown[] = [];
    const stop = startIdleCollection({
      intervalMs: 1000,
      collect: () => collections.push('collected'),
      readCpuMicros: () => cpuMicros,
    });
    // Start-up was the busy spell: the first quiet second collects.
    vi.advanceTimersByTime(1000);
    expect(collections).toEqual(['collected']);
    // Still quiet, with the odd health probe: nothing more.
    cpuMicros += 2_000;
    vi.advanceTimersByTime(3000);
    expect(collections).toHaveLength(1);
    // Under load for two seconds (half a core), then quiet again: one more.
    cpuMicros += 500_000;
    vi.advanceTimersByTime(1000);
    cpuMicros += 500_000;
    vi.advanceTimersByTime(1000);
    expect(collections).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(collections).toHaveLength(2);
    stop();
    cpuMicros += 500_000;
    vi.advanceTimersByTime(5000);
    expect(collections).toHaveLength(2);
  });

  it("gives a busy spell's garbage back once quiet, with the collector --expose-gc gives", () => {
    // The test runner has no --expose-gc: V8 hands the same function to a new context once the flag is set.
    v8.setFlagsFromString('--expose-gc');
    const realCollect = vm.runInNewContext('gc') as () => unknown;
    realCollect();
    const heapBefore = process.memoryUsage().heapUsed;
    // A busy spell's leftovers: 40 MB that nothing refers to any more, promoted to the old generation.
    let leftovers: number[][] | undefined = Array.from({ length: 100 }, () => new Array(50_000).fill(1.5));
    realCollect();
    leftovers = undefined;
    expect(leftovers).toBeUndefined();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeGreaterThan(30 * 1024 * 1024);

    vi.useFakeTimers();
    let cpuMicros = 0;
    const stop = startIdleCollection({
      intervalMs: 1000,
      collect: realCollect,
      readCpuMicros: () => cpuMicros,
    });
    cpuMicros += 800_000;
    vi.advanceTimersByTime(1000);
    vi.advanceTimersByTime(1000);
    stop();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(10 * 1024 * 1024);
  });

  it('does nothing where the process was started without --expose-gc', () => {
    vi.useFakeTimers();
    const stop = startIdleCollection({ intervalMs: 1000, collect: undefined });
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });
});
