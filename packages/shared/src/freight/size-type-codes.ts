// ISO 6346 size-type codes: a length character, a height (and width) character, then the type:
// a type-group letter and a digit for the detail (22G1), or the two-letter type group (22GP)
// that DCSA also accepts as an ISO equipment code.

export const commonSizeTypeCodes = {
  '22G0': "20' general purpose, opening at one or both ends",
  '22G1': "20' general purpose",
  '25G1': "20' high cube general purpose",
  '42G0': "40' general purpose, opening at one or both ends",
  '42G1': "40' general purpose",
  '45G0': "40' high cube general purpose, opening at one or both ends",
  '45G1': "40' high cube general purpose",
  L5G1: "45' high cube general purpose",
  '22V0': "20' ventilated",
  '22B0': "20' dry bulk",
  '22R1': "20' reefer",
  '42R1': "40' reefer",
  '45R1': "40' high cube reefer",
  '22H0': "20' insulated",
  '22U1': "20' open top",
  '42U1': "40' open top",
  '45U1': "40' high cube open top",
  '22P1': "20' flat rack, fixed ends",
  '42P1': "40' flat rack, fixed ends",
  '22P3': "20' flat rack, collapsible ends",
  '42P3': "40' flat rack, collapsible ends",
  '45P3': "40' high cube flat rack, collapsible ends",
  '22P0': "20' platform",
  '42P0': "40' platform",
  '22T0': "20' tank, non-dangerous liquids",
  '22T1': "20' tank, non-dangerous liquids",
  '22T6': "20' tank, dangerous liquids",
  '22T7': "20' tank, gases",
} as const satisfies Record<string, string>;
export type TCommonSizeTypeCode = keyof typeof commonSizeTypeCodes;

export const sizeTypeLengths: Record<string, string> = {
  '1': "10'",
  '2': "20'",
  '3': "30'",
  '4': "40'",
  B: "24'",
  C: '24\'6"',
  G: "41'",
  H: "43'",
  L: "45'",
  M: "48'",
  N: "49'",
};

export const sizeTypeHeights: Record<string, string> = {
  '0': "8' high",
  '2': '8\'6" high',
  '4': "9' high",
  '5': '9\'6" high (high cube)',
  '6': 'over 9\'6" high',
  '8': '4\'3" high',
  '9': "4' high or less",
  C: '8\'6" high, wide',
  D: "9' high, wide",
  E: '9\'6" high, wide',
  F: 'over 9\'6" high, wide',
  L: '8\'6" high, extra wide',
  M: "9' high, extra wide",
  N: '9\'6" high, extra wide',
  P: 'over 9\'6" high, extra wide',
};

export const sizeTypeGroups: Record<string, string> = {
  G: 'general purpose',
  V: 'ventilated',
  B: 'dry bulk',
  S: 'named cargo',
  R: 'reefer',
  H: 'insulated',
  U: 'open top',
  P: 'platform or flat rack',
  T: 'tank',
  A: 'air/surface',
};

// The two-letter type groups of ISO 6346 (22GP, 45RT …).
export const sizeTypeGroupCodes: Record<string, string> = {
  GP: 'general purpose',
  VH: 'ventilated',
  BU: 'dry bulk',
  BK: 'dry bulk, pressurised',
  SN: 'named cargo',
  RE: 'reefer',
  RT: 'reefer and heated',
  RS: 'reefer, self-powered',
  HR: 'insulated, removable equipment',
  HI: 'insulated',
  UT: 'open top',
  PL: 'platform',
  PF: 'flat rack, fixed ends',
  PC: 'flat rack, collapsible ends',
  PS: 'platform, superstructure',
  TN: 'tank, non-dangerous liquids',
  TD: 'tank, dangerous liquids',
  TG: 'tank, gases',
  AS: 'air/surface',
};

export type TSizeTypeCodeCheck =
  | { ok: true; value: string; description: string; isCommon: boolean }
  | { ok: false; problem: 'shape' | 'length' | 'height' | 'type'; message: string };

const describeWellFormed = (code: string) => {
  const type =
    sizeTypeGroupCodes[code.slice(2)] ?? `${sizeTypeGroups[code[2] as string]} (type ${code.slice(2)})`;
  return `${sizeTypeLengths[code[0] as string]}, ${sizeTypeHeights[code[1] as string]}, ${type}`;
};

/** Checks a size-type code (`22g1` → `22G1`): a common code, or one well formed by the standard. */
export const checkSizeTypeCode = (text: string): TSizeTypeCodeCheck => {
  const value = text.toUpperCase().replace(/\s/g, '');
  const shown = value || 'An empty value';
  if (!/^[0-9A-Z]{2}[A-Z][0-9A-Z]$/.test(value))
    return {
      ok: false,
      problem: 'shape',
      message: `${shown} is not a size-type code: it has 4 characters, length, height and type, like 22G1 or 45G1`,
    };
  const common = commonSizeTypeCodes[value as TCommonSizeTypeCode] as string | undefined;
  if (common) return { ok: true, value, description: common, isCommon: true };
  if (!Object.hasOwn(sizeTypeLengths, value[0] as string))
    return {
      ok: false,
      problem: 'length',
      message: `${shown} is not a size-type code: its first character ${value[0]} is no ISO 6346 length (2 is 20', 4 is 40', L is 45')`,
    };
  if (!Object.hasOwn(sizeTypeHeights, value[1] as string))
    return {
      ok: false,
      problem: 'height',
      message: `${shown} is not a size-type code: its second character ${value[1]} is no ISO 6346 height (2 is 8'6", 5 is 9'6" high cube)`,
    };
  const type = value.slice(2);
  const isDetailedType = /^[A-Z]\d$/.test(type) && Object.hasOwn(sizeTypeGroups, type[0] as string);
  if (!isDetailedType && !Object.hasOwn(sizeTypeGroupCodes, type))
    return {
      ok: false,
      problem: 'type',
      message: `${shown} is not a size-type code: ${type} is no ISO 6346 type (G1 general purpose, R1 reefer, U1 open top, P1 flat rack, T1 tank …)`,
    };
  return { ok: true, value, description: describeWellFormed(value), isCommon: false };
};
