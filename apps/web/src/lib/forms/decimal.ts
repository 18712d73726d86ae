// A decimal typed by a person: "0.92" or "0,92" (docs/product.md §3, exchange rates). A number
// field that drops a comma it does not know turns 0,92 into 92, so the text is read here instead
// and anything that is not plainly one number is refused, never guessed at.

export const decimalMessages = {
  notANumber: 'must be a number, like 0.92 or 0,92',
} as const;

const plainDecimal = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The number `text` holds, with `.` or `,` as the one decimal separator; undefined when it holds none. */
export const parseDecimal = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (!plainDecimal.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
};
