import { z } from 'zod';
import { checkAirWaybillNumber } from './air-waybill.ts';
import { bookingStatuses } from './booking-status.ts';
import { checkContainerNumber } from './container-number.ts';
import { checkDangerousGoodsClass, checkUnNumber } from './dangerous-goods.ts';
import { checkHsCode } from './hs-code.ts';
import { checkImoNumber } from './imo-number.ts';
import { incotermRules, isIncotermRule } from './incoterms.ts';
import { isPackageTypeCode, type TPackageTypeCode } from './package-types.ts';
import { checkSizeTypeCode } from './size-type-codes.ts';

/**
 * What a refused freight value carries in its zod issue's `params`, for the server to put in the
 * error's details: the kind of problem, and for a check digit the digit that fits and the
 * numbers one character away.
 */
export type TFreightIssueParams = { problem: string; expectedDigit?: number; suggestions?: string[] };

type TCheck = (
  text: string,
) =>
  | { ok: true; value: string }
  | { ok: false; problem: string; message: string; expectedDigit?: number; suggestions?: string[] };

const checkedString = (check: TCheck) =>
  // Every code these check is under 20 characters: a longer text is refused before any work.
  z
    .string()
    .max(40, 'is too long for a code')
    .transform((text, context) => {
      const result = check(text);
      if (result.ok) return result.value;
      const params: TFreightIssueParams = { problem: result.problem };
      if (result.expectedDigit !== undefined) params.expectedDigit = result.expectedDigit;
      if (result.suggestions) params.suggestions = result.suggestions;
      context.addIssue({ code: 'custom', message: result.message, input: text, params });
      return z.NEVER;
    });

/** An ISO 6346 container number, normalised (`MSKU9070323`). */
export const ZContainerNumber = checkedString(checkContainerNumber);
/** An IATA air waybill number, normalised with its dash (`176-12345675`). */
export const ZAirWaybillNumber = checkedString(checkAirWaybillNumber);
/** An IMO ship number, normalised with its prefix (`IMO 9074729`). */
export const ZImoNumber = checkedString(checkImoNumber);
/** An HS commodity code of 6 to 10 digits, stored as digits only (`847130`). */
export const ZHsCode = checkedString(checkHsCode);
/** An ISO 6346 size-type code (`22G1`). */
export const ZSizeTypeCode = checkedString(checkSizeTypeCode);
/** A dangerous goods UN number, stored as its four digits (`UN 1203` → `1203`). */
export const ZUnNumber = checkedString(checkUnNumber);
/** A dangerous goods class or division (`2.1`, `5.2`, `3`). */
export const ZDangerousGoodsClass = checkedString(checkDangerousGoodsClass);

const codeInList = <TCode extends string>(
  isCode: (value: string) => value is TCode,
  refusal: (code: string) => string,
) =>
  z.string().transform((text, context): TCode => {
    const code = text.trim().toUpperCase();
    if (isCode(code)) return code;
    context.addIssue({ code: 'custom', message: refusal(code), input: text, params: { problem: 'unknown' } });
    return z.NEVER;
  });

/** An Incoterms 2020 rule (`fob` → `FOB`). */
export const ZIncotermRule = codeInList(
  isIncotermRule,
  (code) =>
    `${code || 'An empty value'} is not an Incoterms 2020 rule: use one of ${incotermRules.join(', ')}`,
);

/** A UN/ECE Recommendation 21 package type code among those the product offers (`CT`, `PX` …). */
export const ZPackageTypeCode = codeInList<TPackageTypeCode>(
  isPackageTypeCode,
  (code) =>
    `${code || 'An empty value'} is not a package type code we know: use a UN/ECE code such as CT (carton) or PX (pallet)`,
);

export const ZBookingStatus = z.enum(bookingStatuses, {
  error: `must be a booking status: ${bookingStatuses.join(', ')}`,
});

const positiveCm = z
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(10_000, 'must be at most 10,000 cm');

/** One dimension line of an air consignment: pieces of the same size. */
export const ZDimensionLine = z
  .object({
    lengthCm: positiveCm,
    widthCm: positiveCm,
    heightCm: positiveCm,
    pieces: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'must be at most 1,000,000')
      .default(1),
  })
  .strict();
export type TDimensionLineInput = z.infer<typeof ZDimensionLine>;
