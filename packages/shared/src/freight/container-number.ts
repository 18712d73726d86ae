// Container numbers after ISO 6346: owner code (3 letters), equipment category (U, J or Z),
// a 6-digit serial and a check digit computed from the first 10 characters.

export type TCheckFailure<TProblem extends string> = {
  ok: false;
  problem: TProblem;
  message: string;
  expectedDigit?: number;
  suggestions?: string[];
};

export type TContainerNumberCheck =
  | { ok: true; value: string }
  | TCheckFailure<'shape' | 'category' | 'check-digit'>;

export const containerCategories = {
  U: 'freight container',
  J: 'detachable freight container-related equipment',
  Z: 'trailer or chassis',
} as const;

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// A=10, then counting up while skipping 11, 22 and 33, so that no letter weighs the same as
// the modulus or a multiple of it.
const letterValues: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of letters) {
    if (value % 11 === 0) value += 1;
    values[letter] = value;
    value += 1;
  }
  return values;
})();

const characterValue = (character: string) =>
  /\d/.test(character) ? Number(character) : (letterValues[character] ?? Number.NaN);

const first10Pattern = /^[A-Z]{3}[UJZ]\d{6}$/;
const shapePattern = /^[A-Z]{4}\d{7}$/;

/** The check digit of an owner code, category and serial (`MSKU907032` → 3); throws on another shape. */
export const containerCheckDigit = (first10: string): number => {
  const text = first10.toUpperCase();
  if (!/^[A-Z]{4}\d{6}$/.test(text)) throw new RangeError(`${first10} is not four letters and six digits`);
  let sum = 0;
  for (let position = 0; position < 10; position += 1)
    sum += characterValue(text[position] as string) * 2 ** position;
  return (sum % 11) % 10;
};

export const normaliseContainerNumber = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

const isValidNormalised = (text: string) =>
  first10Pattern.test(text.slice(0, 10)) &&
  /^\d$/.test(text.slice(10)) &&
  containerCheckDigit(text.slice(0, 10)) === Number(text[10]);

// Candidates one character away, most likely first: the check digit itself (the one character
// the number leaves no other way to verify), then a serial digit (typed, so most often wrong;
// a neighbouring digit before a distant one), then the category, then the owner code (usually
// copied from the carrier's prefix, so rarely wrong).
const findOneCharacterFixes = (text: string, expectedDigit: number): string[] => {
  const fixes: { value: string; rank: number }[] = [
    { value: text.slice(0, 10) + String(expectedDigit), rank: 0 },
  ];
  const tryReplace = (position: number, character: string, rank: number) => {
    const value = text.slice(0, position) + character + text.slice(position + 1);
    if (value !== text && isValidNormalised(value)) fixes.push({ value, rank });
  };
  for (let position = 4; position < 10; position += 1) {
    const typed = Number(text[position]);
    for (let digit = 0; digit <= 9; digit += 1)
      tryReplace(position, String(digit), 100 + Math.abs(digit - typed) * 10 + position);
  }
  for (const category of Object.keys(containerCategories)) tryReplace(3, category, 200);
  for (let position = 0; position < 3; position += 1)
    for (const letter of letters) tryReplace(position, letter, 300 + position);
  return fixes.sort((a, b) => a.rank - b.rank).map((fix) => fix.value);
};

export const maxContainerSuggestions = 3;

/**
 * Checks a container number as typed (`msku 907032-3`) and answers the normalised number, or the
 * problem in a forwarder's words; a check-digit mismatch names the digit that would fit and the
 * valid numbers one character away.
 */
export const checkContainerNumber = (text: string): TContainerNumberCheck => {
  const value = normaliseContainerNumber(text);
  if (!shapePattern.test(value))
    return {
      ok: false,
      problem: 'shape',
      message: `${value || 'An empty value'} is not a container number: it has 4 letters and 7 digits, like MSKU9070323`,
    };
  if (!Object.hasOwn(containerCategories, value[3] ?? ''))
    return {
      ok: false,
      problem: 'category',
      message: `${value} is not a container number: its fourth letter is the equipment category, U (freight container), J (detachable equipment) or Z (trailer or chassis), not ${value[3]}`,
    };
  const expectedDigit = containerCheckDigit(value.slice(0, 10));
  if (expectedDigit === Number(value[10])) return { ok: true, value };
  const suggestions = findOneCharacterFixes(value, expectedDigit).slice(0, maxContainerSuggestions);
  return {
    ok: false,
    problem: 'check-digit',
    message: `${value} does not check: its check digit should be ${expectedDigit} (did you mean ${suggestions[0]}?)`,
    expectedDigit,
    suggestions,
  };
};
