import { describe, expect, it } from 'vitest';
import { dayPickerPatternsOf, fromPickerDay, toPickerDay } from './day-picker.tsx';

describe('the day picker’s bridge', () => {
  it.each([
    ['dd/mm/yyyy', 'en-US', ['DD/MM/YYYY', 'YYYY-MM-DD']],
    ['mm/dd/yyyy', 'en-GB', ['MM/DD/YYYY', 'YYYY-MM-DD']],
    ['dd.mm.yyyy', 'en-GB', ['DD.MM.YYYY', 'YYYY-MM-DD']],
    ['yyyy-mm-dd', 'en-GB', ['YYYY-MM-DD']],
    ['language', 'en-US', ['MMM D, YYYY', 'YYYY-MM-DD']],
    ['language', 'en-GB', ['D MMM YYYY', 'YYYY-MM-DD']],
    ['language', 'de-DE', ['DD.MM.YYYY', 'YYYY-MM-DD']],
    // French month names would not read back in the picker: typed days are ISO.
    ['language', 'fr-FR', ['YYYY-MM-DD']],
  ] as const)('shows %s in %s as %j', (dateFormat, locale, patterns) => {
    expect(dayPickerPatternsOf({ dateFormat, locale })).toEqual(patterns);
  });

  it('turns a YYYY-MM-DD day into the picker’s value and back, the same day', () => {
    const value = toPickerDay('2026-11-27');
    expect(value?.format('DD/MM/YYYY')).toBe('27/11/2026');
    expect(fromPickerDay(value)).toBe('2026-11-27');
  });

  it('takes no value for no day or an impossible one', () => {
    expect(toPickerDay(undefined)).toBeNull();
    expect(toPickerDay('')).toBeNull();
    expect(toPickerDay('2026-02-30')).toBeNull();
    expect(toPickerDay('27/11/2026')).toBeNull();
    expect(fromPickerDay(null)).toBeUndefined();
  });
});
