import { describe, expect, it } from 'vitest';
import { airWaybillCheckDigit, checkAirWaybillNumber } from './air-waybill.ts';

describe('air waybill numbers (IATA)', () => {
  it('takes a valid number with or without the dash and spaces', () => {
    for (const text of ['176-12345675', '17612345675', '176 1234 5675', ' 176-1234 5675 '])
      expect(checkAirWaybillNumber(text), text).toEqual({
        ok: true,
        value: '176-12345675',
        airlinePrefix: '176',
      });
    expect(checkAirWaybillNumber('020-00000000')).toMatchObject({ ok: true, value: '020-00000000' });
    expect(checkAirWaybillNumber('157-99999992')).toMatchObject({ ok: true }); // 9999999 = 7 × 1428571 + 2
  });

  it('takes the serial modulo 7 as the check digit', () => {
    expect(airWaybillCheckDigit('1234567')).toBe(5);
    expect(airWaybillCheckDigit('0000007')).toBe(0);
    expect(airWaybillCheckDigit('9999999')).toBe(2);
    expect(airWaybillCheckDigit('1234568')).toBe(6);
    expect(() => airWaybillCheckDigit('123456')).toThrow(RangeError);
  });

  it('refuses another shape', () => {
    for (const text of [
      '',
      '176-1234567',
      '176-123456756',
      '17A-12345675',
      '176/12345675',
      'AWB 176-12345675',
    ])
      expect(checkAirWaybillNumber(text), text).toMatchObject({ ok: false, problem: 'shape' });
  });

  it('names the expected digit and the corrected number on a mismatch', () => {
    expect(checkAirWaybillNumber('176-12345678')).toEqual({
      ok: false,
      problem: 'check-digit',
      message: '176-12345678 does not check: its last digit should be 5 (did you mean 176-12345675?)',
      expectedDigit: 5,
      suggestions: ['176-12345675'],
    });
    // A stock range counted on by adding 1 to the 8 digits gives numbers that do not check.
    expect(checkAirWaybillNumber('176-12345676')).toMatchObject({ ok: false, expectedDigit: 5 });
    expect(checkAirWaybillNumber('176-12345686')).toMatchObject({ ok: true }); // the next serial, its own digit
  });
});
