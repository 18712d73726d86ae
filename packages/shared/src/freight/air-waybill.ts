import type { TCheckFailure } from './container-number.ts';

// IATA air waybill numbers: a 3-digit airline prefix, a 7-digit serial and a check digit that is
// the serial modulo 7 (so a last digit of 7, 8 or 9 never checks). Written `176-12345675`.

export type TAirWaybillNumberCheck =
  | { ok: true; value: string; airlinePrefix: string }
  | TCheckFailure<'shape' | 'check-digit'>;

const formatAirWaybillNumber = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3)}`;

/** The check digit of a 7-digit air waybill serial (`1234567` → 5). */
export const airWaybillCheckDigit = (serial: string): number => {
  if (!/^\d{7}$/.test(serial)) throw new RangeError(`${serial} is not a 7-digit serial`);
  return Number(serial) % 7;
};

/** Checks an air waybill number typed with or without the dash and spaces (`176 1234 5675`). */
export const checkAirWaybillNumber = (text: string): TAirWaybillNumberCheck => {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{11}$/.test(digits))
    return {
      ok: false,
      problem: 'shape',
      message: `${text.trim() || 'An empty value'} is not an air waybill number: it has a 3-digit airline prefix and 8 digits, like 176-12345675`,
    };
  const value = formatAirWaybillNumber(digits);
  const expectedDigit = airWaybillCheckDigit(digits.slice(3, 10));
  if (expectedDigit === Number(digits[10])) return { ok: true, value, airlinePrefix: digits.slice(0, 3) };
  const corrected = formatAirWaybillNumber(digits.slice(0, 10) + String(expectedDigit));
  return {
    ok: false,
    problem: 'check-digit',
    message: `${value} does not check: its last digit should be ${expectedDigit} (did you mean ${corrected}?)`,
    expectedDigit,
    suggestions: [corrected],
  };
};
