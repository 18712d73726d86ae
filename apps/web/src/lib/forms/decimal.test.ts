import { describe, expect, it } from 'vitest';
import { parseDecimal } from './decimal.ts';

describe('parseDecimal', () => {
  it('reads a point or a comma as the decimal separator', () => {
    expect(parseDecimal('0.92')).toBe(0.92);
    expect(parseDecimal('0,92')).toBe(0.92);
    expect(parseDecimal(' 1,5 ')).toBe(1.5);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('-1')).toBe(-1);
  });

  it('refuses what is not plainly one number instead of guessing', () => {
    for (const text of ['', 'abc', '1.000,50', '1,000.50', '1 000', '0.9.2', '1e3', '0x10', '--1', '.']) {
      expect(parseDecimal(text), text).toBeUndefined();
    }
  });
});
