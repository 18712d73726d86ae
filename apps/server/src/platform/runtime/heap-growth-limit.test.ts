import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from './heap-growth-limit.ts';

describe('heap growth limit', () => {
  it('collects once the heap has grown by the allowance since the last collection, and measures again from there', () => {
    const megabyte = 1024 * 1024;
    let heap = 80 * megabyte;
    const collections: number[] = [];
    const check = limitHeapGrowth({
      allowedGrowthBytes: 32 * megabyte,
      collect: () => {
        collections.push(heap / megabyte);
        heap = 90 * megabyte;
      },
      readHeapBytes: () => heap,
    });
    heap = 100 * megabyte;
    check();
    expect(collections).toEqual([]);
    heap = 113 * megabyte;
    check();
    expect(collections).toEqual([113]);
    // 90 MB were live after it: the next collection waits for 122.
    heap = 120 * megabyte;
    check();
    expect(collections).toEqual([113]);
    heap = 122 * megabyte;
    check();
    expect(collections).toEqual([113, 122]);
    // Asked to collect now, it does so whatever the growth, and counts again from there.
    heap = 95 * megabyte;
    check({ now: true });
    expect(collections).toEqual([113, 122, 95]);
    heap = 121 * megabyte;
    check();
    expect(collections).toEqual([113, 122, 95]);
  });

  it('does nothing where the process cannot collect on demand', () => {
    const check = limitHeapGrowth({ collect: undefined, readHeapBytes: () => Number.MAX_SAFE_INTEGER });
    expect(check()).toBeUndefined();
  });
});
