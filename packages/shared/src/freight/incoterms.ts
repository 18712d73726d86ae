// Incoterms 2020: seven rules for any mode of transport, four for sea and inland waterway only
// (their delivery point is the ship's side or its rail, which air and road do not have).

export const incotermRules = [
  'EXW',
  'FCA',
  'CPT',
  'CIP',
  'DAP',
  'DPU',
  'DDP',
  'FAS',
  'FOB',
  'CFR',
  'CIF',
] as const;
export type TIncotermRule = (typeof incotermRules)[number];

export type TIncotermMode = 'any' | 'sea-and-inland-waterway';
export type TTransportMode = 'sea' | 'air' | 'road';

export const incoterms: Record<
  TIncotermRule,
  { name: string; modes: TIncotermMode; anyModeCounterpart?: TIncotermRule }
> = {
  EXW: { name: 'Ex Works', modes: 'any' },
  FCA: { name: 'Free Carrier', modes: 'any' },
  CPT: { name: 'Carriage Paid To', modes: 'any' },
  CIP: { name: 'Carriage and Insurance Paid To', modes: 'any' },
  DAP: { name: 'Delivered at Place', modes: 'any' },
  DPU: { name: 'Delivered at Place Unloaded', modes: 'any' },
  DDP: { name: 'Delivered Duty Paid', modes: 'any' },
  FAS: { name: 'Free Alongside Ship', modes: 'sea-and-inland-waterway', anyModeCounterpart: 'FCA' },
  FOB: { name: 'Free On Board', modes: 'sea-and-inland-waterway', anyModeCounterpart: 'FCA' },
  CFR: { name: 'Cost and Freight', modes: 'sea-and-inland-waterway', anyModeCounterpart: 'CPT' },
  CIF: { name: 'Cost, Insurance and Freight', modes: 'sea-and-inland-waterway', anyModeCounterpart: 'CIP' },
};

export const isIncotermRule = (value: string): value is TIncotermRule =>
  (incotermRules as readonly string[]).includes(value);

export const isIncotermAllowed = (rule: TIncotermRule, mode: TTransportMode) =>
  incoterms[rule].modes === 'any' || mode === 'sea';

/** Why a rule does not fit the mode, naming the rule to use instead; undefined when it fits. */
export const incotermRefusal = (rule: TIncotermRule, mode: TTransportMode): string | undefined => {
  if (isIncotermAllowed(rule, mode)) return undefined;
  return `${rule} is for sea and inland waterway transport only; for ${mode} use ${incoterms[rule].anyModeCounterpart}`;
};
