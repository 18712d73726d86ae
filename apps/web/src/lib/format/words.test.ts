import { describe, expect, it } from 'vitest';
import { formatEnumValue, formatYesNo } from './words.ts';

describe('stored codes as words', () => {
  it.each([
    ['active', 'Active'],
    ['in_progress', 'In progress'],
    ['lastLogin', 'Last login'],
    ['sign-in-failed', 'Sign in failed'],
    ['', ''],
  ])('writes %j as %j', (value, words) => {
    expect(formatEnumValue(value)).toBe(words);
  });

  it('writes a yes/no as a word', () => {
    expect(formatYesNo(true)).toBe('Yes');
    expect(formatYesNo(false)).toBe('No');
  });
});
