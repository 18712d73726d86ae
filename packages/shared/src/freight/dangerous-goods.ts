// Dangerous goods as the UN Model Regulations identify them: a four-digit UN number (UN 1203,
// petrol) and a hazard class, with the divisions of classes 1, 2, 4, 5 and 6 (1.1–1.6, 2.1–2.3,
// 4.1–4.3, 5.1–5.2, 6.1–6.2); classes 3, 7, 8 and 9 have none.

export const dangerousGoodsClasses = [
  '1.1',
  '1.2',
  '1.3',
  '1.4',
  '1.5',
  '1.6',
  '2.1',
  '2.2',
  '2.3',
  '3',
  '4.1',
  '4.2',
  '4.3',
  '5.1',
  '5.2',
  '6.1',
  '6.2',
  '7',
  '8',
  '9',
] as const;
export type TDangerousGoodsClass = (typeof dangerousGoodsClasses)[number];

export type TUnNumberCheck = { ok: true; value: string } | { ok: false; problem: 'shape'; message: string };

/** `UN1203`, `un 1203` or `1203` → `1203`; UN 0000 is not given to any substance. */
export const checkUnNumber = (text: string): TUnNumberCheck => {
  const value = text
    .trim()
    .toUpperCase()
    .replace(/^UN\s*/, '');
  if (/^\d{4}$/.test(value) && value !== '0000') return { ok: true, value };
  return {
    ok: false,
    problem: 'shape',
    message: `${text.trim() || 'An empty value'} is not a UN number: it has four digits, like UN 1203`,
  };
};

export type TDangerousGoodsClassCheck =
  | { ok: true; value: TDangerousGoodsClass }
  | { ok: false; problem: 'unknown'; message: string };

/** `2.1`, `Class 5.2` or `3` → the class or division; `2` alone is refused (say which division). */
export const checkDangerousGoodsClass = (text: string): TDangerousGoodsClassCheck => {
  const value = text
    .trim()
    .replace(/^class\s*/i, '')
    .replace(',', '.');
  if ((dangerousGoodsClasses as readonly string[]).includes(value))
    return { ok: true, value: value as TDangerousGoodsClass };
  const divisions = dangerousGoodsClasses.filter((known) => known.startsWith(`${value}.`));
  return {
    ok: false,
    problem: 'unknown',
    message:
      divisions.length > 0
        ? `${value} needs its division: one of ${divisions.join(', ')}`
        : `${text.trim() || 'An empty value'} is not a dangerous goods class: use 1.1 to 1.6, 2.1 to 2.3, 3, 4.1 to 4.3, 5.1, 5.2, 6.1, 6.2, 7, 8 or 9`,
  };
};
