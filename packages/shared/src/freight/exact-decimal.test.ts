import { describe, expect, it } from 'vitest';
import { formatScaled, shiftRounded, toScaled, trimDecimal } from './exact-decimal.ts';

describe('exact decimals', () => {
  it('scales decimal strings exactly and refuses more decimals than the scale', () => {
    expect(toScaled('12.5', 2)).toBe(1250n);
    expect(toScaled('0.1', 10)).toBe(1_000_000_000n);
    expect(toScaled('-3', 1)).toBe(-30n);
    expect(() => toScaled('1.234', 2)).toThrow();
    expect(() => toScaled('1e3', 2)).toThrow();
  });

  it('rounds half away from zero, once', () => {
    expect(shiftRounded(1245n, 1)).toBe(125n);
    expect(shiftRounded(1244n, 1)).toBe(124n);
    expect(shiftRounded(-1245n, 1)).toBe(-125n);
    expect(shiftRounded(12n, -2)).toBe(1200n);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is 0.3.
    expect(formatScaled(toScaled('0.1', 1) + toScaled('0.2', 1), 1)).toBe('0.3');
  });

  it('formats with the scale and trims trailing zeros', () => {
    expect(formatScaled(1250n, 2)).toBe('12.50');
    expect(formatScaled(-5n, 2)).toBe('-0.05');
    expect(formatScaled(7n, 0)).toBe('7');
    expect(trimDecimal('0.9200000000')).toBe('0.92');
    expect(trimDecimal('1.000')).toBe('1');
    expect(trimDecimal('100')).toBe('100');
  });
});
