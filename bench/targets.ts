// A bench's targets: each value beside what the issue wants, printed as one PASS/FAIL table.

import type { Measurement } from './measure.ts';

export type TTarget = { name: string; value: number; target: string; pass: boolean };

/** A ratio that must reach `minimum`, shown to two decimals. */
export const atLeast = (name: string, value: number, minimum: number): TTarget => ({
  name,
  value: Number(value.toFixed(2)),
  target: `≥ ${minimum}`,
  pass: value >= minimum,
});

/** A time or a size that must stay within `maximum`; NaN (nothing measured) fails. */
export const atMost = (name: string, value: number, maximum: number, unit: string): TTarget => ({
  name,
  value,
  target: `≤ ${maximum} ${unit}`,
  pass: !Number.isNaN(value) && value <= maximum,
});

export const printTargets = (targets: TTarget[]) =>
  console.table(
    targets.map((t) => ({
      target: t.name,
      value: t.value,
      wanted: t.target,
      result: t.pass ? 'PASS' : 'FAIL',
    })),
  );

/**
 * Readers of a run's measurements by key: a route's p99 (NaN when the run completed no request or
 * had errors, so a latency target fails rather than passes on nothing) and a route's throughput
 * beside its bare route's.
 */
export const readingsOf = (results: () => Record<string, Measurement>) => ({
  p99: (key: string) => {
    const run = results()[key];
    return run && run.requestsPerSecond > 0 && run.errors === 0 ? run.p99 : Number.NaN;
  },
  ratio: (productKey: string, bareKey: string) =>
    (results()[productKey]?.requestsPerSecond ?? 0) / Math.max(1, results()[bareKey]?.requestsPerSecond ?? 0),
});
