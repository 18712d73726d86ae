import { describe, expect, it } from 'vitest';
import { checkHsCode, formatHsCode } from './hs-code.ts';

describe('HS codes', () => {
  it('takes 6 to 10 digits with or without dots and spaces, stored as digits', () => {
    expect(checkHsCode('8471.30')).toEqual({ ok: true, value: '847130', display: '8471.30' });
    expect(checkHsCode('847130')).toEqual({ ok: true, value: '847130', display: '8471.30' });
    expect(checkHsCode('8471 30 00')).toEqual({ ok: true, value: '84713000', display: '8471.30.00' });
    expect(checkHsCode('8471.30.01.00')).toEqual({ ok: true, value: '8471300100', display: '8471.30.01.00' });
    expect(checkHsCode('847130000')).toMatchObject({ ok: true, display: '8471.30.00.0' });
    expect(checkHsCode('0101.21')).toMatchObject({ ok: true, value: '010121' });
  });

  it('formats heading, subheading and the national pairs', () => {
    expect(formatHsCode('6109100010')).toBe('6109.10.00.10');
  });

  it('refuses letters and other characters', () => {
    for (const text of ['8471.3O', '8471-30', 'HS 847130', '8471,30'])
      expect(checkHsCode(text), text).toMatchObject({ ok: false, problem: 'characters' });
  });

  it('refuses fewer than 6 or more than 10 digits, saying how many it has', () => {
    for (const text of ['', '8471', '84713', '84713000001'])
      expect(checkHsCode(text), text).toMatchObject({ ok: false, problem: 'length' });
    const result = checkHsCode('8471.3');
    expect(result.ok === false && result.message).toBe(
      '8471.3 is not an HS code: it has 5 digits; an HS code has 6 (the worldwide subheading) to 10 (a national tariff line)',
    );
  });

  it('refuses chapters the Harmonized System does not have', () => {
    expect(checkHsCode('000000')).toMatchObject({ ok: false, problem: 'chapter' });
    expect(checkHsCode('7700.00')).toMatchObject({ ok: false, problem: 'chapter' });
    expect(checkHsCode('9801.00')).toMatchObject({ ok: true });
  });
});
