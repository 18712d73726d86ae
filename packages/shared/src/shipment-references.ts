import { z } from 'zod';

// A company's shipment references (docs/decisions/043-shipments-model.md): a pattern per mode whose
// `{YYYY}` or `{YY}` is the year of creation in the company's time zone and whose `{###}` is the
// number, padded to as many digits as it has hashes. The server numbers with these helpers, and the
// settings card shows the next reference with them as an admin types.

/** The modes a company sets a pattern for; road has none until it has its fields. */
export const referencePatternModes = ['sea', 'air'] as const;
export type TReferencePatternMode = (typeof referencePatternModes)[number];

export const defaultReferencePatterns = {
  sea: 'SE-{YYYY}-{#####}',
  air: 'AF-{YYYY}-{#####}',
  road: 'RO-{YYYY}-{#####}',
} as const;

export const referencePatternRules = { maxLength: 40, hashesMin: 3, hashesMax: 8 } as const;

const numberToken = /\{(#+)\}/;
const tokens = /\{(?:YYYY|YY|#+)\}/g;

/** The pattern with its year filled and its number left out: the counter's scope, so each year and pattern counts on its own. */
export const referenceScopeOf = (pattern: string, year: number) =>
  pattern
    .replaceAll('{YYYY}', String(year))
    .replaceAll('{YY}', String(year % 100).padStart(2, '0'))
    .replace(numberToken, '');

export const formatReference = (pattern: string, year: number, number: number) =>
  pattern
    .replaceAll('{YYYY}', String(year))
    .replaceAll('{YY}', String(year % 100).padStart(2, '0'))
    .replace(numberToken, (_token, hashes: string) => String(number).padStart(hashes.length, '0'));

/** Why a pattern cannot number shipments, or undefined when it can. */
export const referencePatternRefusal = (pattern: string): string | undefined => {
  const { maxLength, hashesMin, hashesMax } = referencePatternRules;
  if (pattern.length === 0) return 'is required';
  if (pattern.length > maxLength) return `must be at most ${maxLength} characters`;
  const numbers = [...pattern.matchAll(/\{(#+)\}/g)];
  if (numbers.length !== 1)
    return `must have exactly one number token, like {#####} (${hashesMin} to ${hashesMax} hashes)`;
  const hashes = numbers[0]?.[1]?.length ?? 0;
  if (hashes < hashesMin || hashes > hashesMax)
    return `must have ${hashesMin} to ${hashesMax} hashes in its number token`;
  if (!/^[A-Za-z0-9\-/.]*$/.test(pattern.replace(tokens, '')))
    return 'may hold only letters, digits, - / . and the tokens {YYYY}, {YY} and {#…#}';
  // A number running into digits would read as another number of another pattern: SE{YY}{###}'s
  // 26001 is also SE2{####}'s 6001. A letter or a sign on each side keeps every reference distinct.
  const [before, after] = pattern.split(numbers[0]?.[0] ?? '');
  if (/(\d|\{YYYY\}|\{YY\})$/.test(before ?? '') || /^(\d|\{YYYY\}|\{YY\})/.test(after ?? ''))
    return 'must not put digits or the year right next to the number; separate them with a letter, - / or .';
  return undefined;
};

export const ZReferencePattern = z
  .string({ error: 'must be a pattern' })
  .trim()
  .superRefine((pattern, context) => {
    const refusal = referencePatternRefusal(pattern);
    if (refusal) context.addIssue({ code: 'custom', message: refusal });
  });

/** PUT /freightserver/api/v1/reference-patterns: each mode's pattern; a mode left out keeps its own. */
export const ZShipmentReferencePatternsInput = z
  .object({ sea: ZReferencePattern.optional(), air: ZReferencePattern.optional() })
  .strict();
export type TShipmentReferencePatternsInput = z.input<typeof ZShipmentReferencePatternsInput>;

export const ZShipmentReferencePatterns = z.object({
  patterns: z.object({ sea: z.string(), air: z.string() }),
  /** This year in the company's time zone, as the next shipment would take it. */
  year: z.number(),
  /** The last number given in each scope (a pattern with its year filled), for the next reference. */
  lastNumbers: z.record(z.string(), z.number()),
});
export type TShipmentReferencePatterns = z.infer<typeof ZShipmentReferencePatterns>;

/** The reference the next shipment of a pattern takes, given the numbers already given. */
export const nextReferenceOf = (
  pattern: string,
  { year, lastNumbers }: Pick<TShipmentReferencePatterns, 'year' | 'lastNumbers'>,
) => formatReference(pattern, year, (lastNumbers[referenceScopeOf(pattern, year)] ?? 0) + 1);
