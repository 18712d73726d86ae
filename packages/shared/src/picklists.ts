import { z } from 'zod';

// Picklists (master /dropdown-groups, /dropdown): a company's groups of values per module.

export const picklistRules = {
  labelMaxLength: 80,
  valueMaxLength: 60,
  valuesMax: 500,
  /** Keys and values: lower-case letters, digits and underscores (company_type, freight_forwarder). */
  keyPattern: '^[a-z][a-z0-9_]*$',
  colourPattern: '^#[0-9a-fA-F]{6}$',
} as const;

/**
 * The value a label suggests, in the key pattern: "Reefer 40' High Cube" → "reefer_40_high_cube",
 * "Café" → "cafe"; a label starting with a digit gets a "v_" in front. Empty when nothing is left.
 */
export const picklistValueFromLabel = (label: string) => {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const value = /^[0-9]/.test(words) ? `v_${words}` : words;
  return value.slice(0, picklistRules.valueMaxLength).replace(/_+$/, '');
};

/**
 * The value a new entry of a picklist gets when nobody chose one: the label's, with "_2", "_3"… after
 * it when the picklist holds it already, so two labels that read alike ("Rail operator", "Rail-operator")
 * both fit. A label with no letter or digit in it ("—") gets "value". Made once, when the entry is
 * added: a later change of the label leaves it, as records and imports use it.
 */
export const uniquePicklistValueFromLabel = (label: string, taken: Iterable<string>) => {
  const used = new Set(taken);
  const base = picklistValueFromLabel(label) || 'value';
  const isFree = (value: string) => !used.has(value) && !isPrototypeName(value);
  if (isFree(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const ending = `_${suffix}`;
    const value = `${base.slice(0, picklistRules.valueMaxLength - ending.length).replace(/_+$/, '')}${ending}`;
    if (isFree(value)) return value;
  }
};

/**
 * Names of Object.prototype's members (constructor, __proto__, valueOf…): a module or key of that
 * name would be found on every object by a lookup, so none may be chosen.
 */
export const isPrototypeName = (name: string) =>
  name === 'prototype' || Object.hasOwn(Object.prototype, name);

export const ZPicklistValue = z.object({
  _id: z.string(),
  label: z.string(),
  value: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
  colour: z.string().nullable(),
});
export type TPicklistValue = z.infer<typeof ZPicklistValue>;

export const ZPicklistGroup = z.object({
  _id: z.string(),
  module: z.string(),
  key: z.string(),
  label: z.string(),
  values: z.array(ZPicklistValue),
});
export type TPicklistGroup = z.infer<typeof ZPicklistGroup>;

const moduleName = z
  .string()
  .trim()
  .regex(new RegExp(picklistRules.keyPattern), 'must be lower-case letters, digits and underscores')
  .max(40, 'must be at most 40 characters')
  .refine((value) => !isPrototypeName(value), 'is a reserved name');
const label = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(picklistRules.labelMaxLength, `must be at most ${picklistRules.labelMaxLength} characters`);
const key = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(picklistRules.valueMaxLength, `must be at most ${picklistRules.valueMaxLength} characters`)
  .regex(new RegExp(picklistRules.keyPattern), 'must be lower-case letters, digits and underscores')
  .refine((value) => !isPrototypeName(value), 'is a reserved name');
const colour = z
  .string()
  .regex(new RegExp(picklistRules.colourPattern), 'must be a colour written #rrggbb')
  .nullable();

/** GET /master/api/v1/dropdown-groups?module=home */
export const ZPicklistGroupsQuery = z.object({ module: moduleName }).strict();

/** POST /master/api/v1/dropdown-groups */
export const ZPicklistGroupInput = z.object({ module: moduleName, key, label }).strict();
export type TPicklistGroupInput = z.infer<typeof ZPicklistGroupInput>;

/** PATCH /master/api/v1/dropdown-groups/:id */
export const ZPicklistGroupUpdate = z.object({ label }).strict();
export type TPicklistGroupUpdate = z.infer<typeof ZPicklistGroupUpdate>;

/**
 * POST /master/api/v1/dropdown-groups/:id/values: added at the end of the list. Without a value the
 * server makes one from the label (uniquePicklistValueFromLabel).
 */
export const ZPicklistValueInput = z
  .object({ label, value: key.optional(), isActive: z.boolean().optional(), colour: colour.optional() })
  .strict();
export type TPicklistValueInput = z.infer<typeof ZPicklistValueInput>;

/** PATCH /master/api/v1/dropdown/:id: a value's label, active flag or colour (its value stays). */
export const ZPicklistValueUpdate = z.object({ label, isActive: z.boolean(), colour }).partial().strict();
export type TPicklistValueUpdate = z.infer<typeof ZPicklistValueUpdate>;

/** PUT /master/api/v1/dropdown-groups/:id/order: every value id of the group, in the new order. */
export const ZPicklistOrderInput = z
  .object({ valueIds: z.array(z.uuid('must be value ids')).min(1).max(picklistRules.valuesMax) })
  .strict();
export type TPicklistOrderInput = z.infer<typeof ZPicklistOrderInput>;
