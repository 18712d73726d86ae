import { describe, expect, it } from 'vitest';
import { checkContainerNumber, containerCheckDigit } from './container-number.ts';

describe('container numbers (ISO 6346)', () => {
  it('takes the verified examples and normalises what a person types', () => {
    for (const number of ['CSQU3054383', 'MSKU9070323'])
      expect(checkContainerNumber(number)).toEqual({ ok: true, value: number });
    expect(checkContainerNumber(' msku 907032-3 ')).toEqual({ ok: true, value: 'MSKU9070323' });
    expect(checkContainerNumber('CSQU-305438-3')).toEqual({ ok: true, value: 'CSQU3054383' });
  });

  it('computes the check digit from the letter values, skipping multiples of 11', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    // Worked by hand: A=10, U=32, Z=38; weights 1, 2, 4 … 512.
    expect(containerCheckDigit('AAAU000000')).toBe(7); // 10 + 20 + 40 + 256 = 326, 326 mod 11 = 7
    expect(containerCheckDigit('ZZZU000000')).toBe(5); // 38 + 76 + 152 + 256 = 522, 522 mod 11 = 5
    expect(containerCheckDigit('AAAU000006')).toBe(0); // 326 + 6 × 512 = 3398, 3398 mod 11 = 10 → 0
    expect(containerCheckDigit('BBBU000000')).toBe(0); // B=12 (11 skipped): 340 mod 11 = 10 → 0
    expect(containerCheckDigit('LLLU000000')).toBe(0); // L=23 (22 skipped): 417 mod 11 = 10 → 0; L=22 would give 3
    expect(() => containerCheckDigit('MSKU90703')).toThrow(RangeError);
  });

  it('refuses another shape', () => {
    for (const text of [
      '',
      'MSK9070323',
      'MSKU907032',
      'MSKU90703233',
      '1SKU9070323',
      'MSKU907O323',
      'MSKU9070323X',
    ])
      expect(checkContainerNumber(text), text).toMatchObject({ ok: false, problem: 'shape' });
    const empty = checkContainerNumber('');
    expect(empty.ok === false && empty.message).toContain('4 letters and 7 digits');
  });

  it('refuses an equipment category other than U, J or Z', () => {
    const result = checkContainerNumber('MSKA9070323');
    expect(result).toMatchObject({ ok: false, problem: 'category' });
    expect(result.ok === false && result.message).toContain('U (freight container)');
    for (const category of ['J', 'Z']) {
      const first10 = `ABC${category}123456`;
      expect(checkContainerNumber(`${first10}${containerCheckDigit(first10)}`).ok).toBe(true);
    }
  });

  it('names the expected digit and offers the check-digit fix first', () => {
    expect(checkContainerNumber('MSKU9070320')).toEqual({
      ok: false,
      problem: 'check-digit',
      message: 'MSKU9070320 does not check: its check digit should be 3 (did you mean MSKU9070323?)',
      expectedDigit: 3,
      suggestions: ['MSKU9070323', 'MSKU9071320', 'MSKU9070220'],
    });
  });

  it('offers the right number for a typo in a serial digit, the category or the owner code', () => {
    const typos = {
      serial: 'MSKU9071323',
      firstSerial: 'MSKU8070323',
      category: 'MSKJ9070323',
      owner: 'MSLU9070323',
    };
    for (const [where, typo] of Object.entries(typos)) {
      const result = checkContainerNumber(typo);
      expect(result.ok, where).toBe(false);
      if (result.ok) continue;
      expect(result.problem, where).toBe('check-digit');
      expect(result.suggestions?.length, where).toBeLessThanOrEqual(3);
      for (const suggestion of result.suggestions ?? [])
        expect(checkContainerNumber(suggestion).ok, suggestion).toBe(true);
      // Every suggestion is one character away from what was typed.
      for (const suggestion of result.suggestions ?? [])
        expect([...suggestion].filter((character, index) => character !== typo[index]).length).toBe(1);
    }
    expect(checkContainerNumber(typos.serial)).toMatchObject({
      suggestions: ['MSKU9071320', 'MSKU9070323', expect.any(String)],
    });
    expect(
      checkContainerNumber(typos.firstSerial).ok === false && checkContainerNumber(typos.firstSerial),
    ).toMatchObject({
      suggestions: expect.arrayContaining(['MSKU9070323']),
    });
  });

  it('ranks the check-digit fix, then serial digits, then the category, then the owner code', () => {
    const result = checkContainerNumber('CSQU3054380');
    if (result.ok) throw new Error('should not check');
    const [first, ...rest] = result.suggestions ?? [];
    expect(first).toBe('CSQU3054383');
    for (const suggestion of rest) expect(suggestion.slice(0, 4)).toBe('CSQU');
  });
});
