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
      collect: (options) => collections.push(options),
      readCpuMicros: () => cpuMicros,
    });
    // Start-up was the busy spell: the first quiet second collects.
    vi.advanceTimersByTime(1000);
    expect(collections).toEqual([{ type: 'major', execution: 'sync' }]);
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

  it('does nothing where the process was started without --expose-gc', () => {
    vi.useFakeTimers();
    const stop = startIdleCollection({ intervalMs: 1000, collect: undefined });
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });
});
