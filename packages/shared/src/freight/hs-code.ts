// Harmonized System commodity codes: the first 6 digits are the same worldwide (chapter, heading,
// subheading); national tariffs add digits up to 10 (8 in the EU's CN, 9 in Japan's statistical
// code, 10 in the US HTS, China and TARIC). The dots are display only.

export type THsCodeCheck =
  | { ok: true; value: string; display: string }
  | { ok: false; problem: 'characters' | 'length' | 'chapter'; message: string };

export const hsCodeRules = { minDigits: 6, maxDigits: 10 } as const;

/** `84713000` → `8471.30.00`: heading, subheading, then the national digits in pairs. */
export const formatHsCode = (digits: string) => {
  const national = digits.slice(6).match(/\d{1,2}/g) ?? [];
  return [digits.slice(0, 4), digits.slice(4, 6), ...national].filter(Boolean).join('.');
};

/** Checks a commodity code typed with or without dots and spaces (`8471.30`, `8471 30 00`). */
export const checkHsCode = (text: string): THsCodeCheck => {
  const value = text.replace(/[\s.]/g, '');
  const shown = text.trim() || 'An empty value';
  if (!/^\d*$/.test(value))
    return {
      ok: false,
      problem: 'characters',
      message: `${shown} is not an HS code: it has digits only (dots and spaces aside), like 8471.30`,
    };
  if (value.length < hsCodeRules.minDigits || value.length > hsCodeRules.maxDigits)
    return {
      ok: false,
      problem: 'length',
      message: `${shown} is not an HS code: it has ${value.length} digits; an HS code has 6 (the worldwide subheading) to 10 (a national tariff line)`,
    };
  const chapter = value.slice(0, 2);
  // Chapter 77 is held in reserve by the Harmonized System; no chapter is numbered 00.
  if (chapter === '00' || chapter === '77')
    return {
      ok: false,
      problem: 'chapter',
      message: `${shown} is not an HS code: there is no chapter ${chapter} in the Harmonized System`,
    };
  return { ok: true, value, display: formatHsCode(value) };
};
