// A bench's targets: each value beside what the issue wants, printed as one PASS/FAIL table.

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
