import { describe, expect, it } from 'vitest';
import { formatListTotal } from './list-total.ts';

describe('formatListTotal', () => {
  it('shows an exact total as it is', () => {
    expect(formatListTotal({ total: 1 })).toBe((1).toLocaleString());
    expect(formatListTotal({ total: 9_999 })).toBe((9_999).toLocaleString());
  });

  it('shows a capped total as at least that many', () => {
    expect(formatListTotal({ total: 10_000, totalIsCapped: true })).toBe(`${(10_000).toLocaleString()}+`);
  });
});
