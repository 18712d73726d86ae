import { describe, expect, it } from 'vitest';
import { checkImoNumber, imoCheckDigit } from './imo-number.ts';

describe('IMO ship numbers', () => {
  it('takes real ships with or without the prefix', () => {
    // 9074729 the classic example; 9811000 Ever Given; 9321483 Emma Maersk.
    for (const [text, value] of [
      ['IMO 9074729', 'IMO 9074729'],
      ['imo9074729', 'IMO 9074729'],
      ['IMO: 9811000', 'IMO 9811000'],
      ['9321483', 'IMO 9321483'],
      [' 932 1483 ', 'IMO 9321483'],
    ])
      expect(checkImoNumber(text as string), text).toEqual({ ok: true, value });
  });

  it('weighs the first six digits 7 to 2 and keeps the last digit of the sum', () => {
    expect(imoCheckDigit('907472')).toBe(9); // 63 + 0 + 35 + 16 + 21 + 4 = 139
    expect(imoCheckDigit('981100')).toBe(0); // 63 + 48 + 5 + 4 = 120
    expect(() => imoCheckDigit('90747')).toThrow(RangeError);
  });

  it('refuses another shape', () => {
    for (const text of ['', 'IMO 907472', 'IMO 90747290', 'IMO 907472X', 'MMSI 9074729', 'IMO9074729IMO'])
      expect(checkImoNumber(text), text).toMatchObject({ ok: false, problem: 'shape' });
  });

  it('names the expected digit and the corrected number on a mismatch', () => {
    expect(checkImoNumber('IMO 9074728')).toEqual({
      ok: false,
      problem: 'check-digit',
      message: 'IMO 9074728 does not check: its last digit should be 9 (did you mean IMO 9074729?)',
      expectedDigit: 9,
      suggestions: ['IMO 9074729'],
    });
    expect(checkImoNumber('9704729')).toMatchObject({ ok: false, problem: 'check-digit' });
  });
});
