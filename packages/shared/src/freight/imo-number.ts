import type { TCheckFailure } from './container-number.ts';

// IMO ship identification numbers: "IMO" and 7 digits, the last a check digit: the first six
// digits weighted 7, 6, 5, 4, 3, 2, summed, the sum's last digit.

export type TImoNumberCheck = { ok: true; value: string } | TCheckFailure<'shape' | 'check-digit'>;

/** The check digit of the first six digits of an IMO number (`907472` → 9). */
export const imoCheckDigit = (first6: string): number => {
  if (!/^\d{6}$/.test(first6)) throw new RangeError(`${first6} is not six digits`);
  let sum = 0;
  for (let position = 0; position < 6; position += 1) sum += Number(first6[position]) * (7 - position);
  return sum % 10;
};

/** Checks an IMO number with or without its prefix (`imo9074729`, `9074729`) → `IMO 9074729`. */
export const checkImoNumber = (text: string): TImoNumberCheck => {
  const digits = text
    .trim()
    .replace(/^imo[\s:.-]*/i, '')
    .replace(/\s/g, '');
  if (!/^\d{7}$/.test(digits))
    return {
      ok: false,
      problem: 'shape',
      message: `${text.trim() || 'An empty value'} is not an IMO number: it has 7 digits, like IMO 9074729`,
    };
  const value = `IMO ${digits}`;
  const expectedDigit = imoCheckDigit(digits.slice(0, 6));
  if (expectedDigit === Number(digits[6])) return { ok: true, value };
  const corrected = `IMO ${digits.slice(0, 6)}${expectedDigit}`;
  return {
    ok: false,
    problem: 'check-digit',
    message: `${value} does not check: its last digit should be ${expectedDigit} (did you mean ${corrected}?)`,
    expectedDigit,
    suggestions: [corrected],
  };
};
