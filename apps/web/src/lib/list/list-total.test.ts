import { afterEach, describe, expect, it } from 'vitest';
import { setFormatPreferences } from '../format/format-store.ts';
import { formatListTotal } from './list-total.ts';

const preferences = { language: 'en-GB', timeZone: 'UTC', dateFormat: null } as const;

describe('formatListTotal', () => {
  afterEach(() => setFormatPreferences(undefined));

  it('shows an exact total as it is, with the user’s separators', () => {
    setFormatPreferences({ ...preferences, numberFormat: '1,234.56' });
    expect(formatListTotal({ total: 1 })).toBe('1');
    expect(formatListTotal({ total: 9_999 })).toBe('9,999');
    setFormatPreferences({ ...preferences, numberFormat: '1.234,56' });
    expect(formatListTotal({ total: 9_999 })).toBe('9.999');
  });

  it('shows a capped total as at least that many', () => {
    setFormatPreferences({ ...preferences, numberFormat: '1,234.56' });
    expect(formatListTotal({ total: 10_000, totalIsCapped: true })).toBe('10,000+');
  });
});
