import { describe, expect, it } from 'vitest';
import { checkDangerousGoodsClass, checkUnNumber } from './dangerous-goods.ts';

describe('dangerous goods', () => {
  it('takes a UN number with or without its prefix, four digits', () => {
    expect(checkUnNumber('UN 1203')).toEqual({ ok: true, value: '1203' });
    expect(checkUnNumber('un1993')).toEqual({ ok: true, value: '1993' });
    for (const bad of ['123', '12345', 'UN12A3', '0000', '']) expect(checkUnNumber(bad).ok, bad).toBe(false);
  });

  it('takes a class or division, and asks for the division where the class has them', () => {
    expect(checkDangerousGoodsClass('2.1')).toEqual({ ok: true, value: '2.1' });
    expect(checkDangerousGoodsClass('Class 5.2')).toEqual({ ok: true, value: '5.2' });
    expect(checkDangerousGoodsClass('3')).toEqual({ ok: true, value: '3' });
    const two = checkDangerousGoodsClass('2');
    expect(two.ok).toBe(false);
    if (!two.ok) expect(two.message).toContain('2.1, 2.2, 2.3');
    for (const bad of ['10', '2.4', '3.1', 'flammable'])
      expect(checkDangerousGoodsClass(bad).ok, bad).toBe(false);
  });
});
