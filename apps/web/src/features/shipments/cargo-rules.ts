import {
  checkContainerNumber,
  checkDangerousGoodsClass,
  checkHsCode,
  checkSizeTypeCode,
  checkUnNumber,
  normaliseContainerNumber,
  shipmentRules,
  ZCargoLine,
  ZDimensionLine,
  ZShipmentContainer,
} from '@cargodesk/shared';
import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { ZodType } from 'zod';
import { parseDecimal } from '@/lib/forms/decimal.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { containerSuggestionOf, containerSuggestionText } from './cargo-form-values.ts';

// The cargo form's checks, the shared schemas' and check helpers' own (packages/shared), so the
// form refuses what the server would, in the same words, before anything is sent.

type TValidator = (rule: RuleObject, value: unknown) => Promise<void>;
const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * A number typed as text, read by `parseDecimal` and checked by the schema's rules: "Gross weight
 * must be more than 0". Without `requiredMessage` an empty field is fine.
 */
export const numberRule = ({
  schema,
  label,
  requiredMessage,
}: {
  schema: ZodType;
  label: string;
  requiredMessage?: string;
}): RuleObject => {
  const schemaRule = zodRule(schema, { label });
  return {
    required: Boolean(requiredMessage),
    validator: async (rule, text: string | undefined) => {
      if (isBlank(text)) {
        if (requiredMessage) throw new Error(requiredMessage);
        return;
      }
      const value = parseDecimal(String(text));
      if (value === undefined) throw new Error(`${label} must be a number, like 12.5 or 12,5`);
      await (schemaRule.validator as TValidator)(rule, value);
    },
  };
};

/** A code checked by a shared helper, whose refusal already names the value and the rule. */
const checkedCodeRule = (
  check: (text: string) => { ok: true } | { ok: false; message: string },
  requiredMessage?: string,
): RuleObject => ({
  required: Boolean(requiredMessage),
  validator: async (_rule, text: string | undefined) => {
    if (isBlank(text)) {
      if (requiredMessage) throw new Error(requiredMessage);
      return;
    }
    const result = check(String(text));
    if (!result.ok) throw new Error(result.message);
  },
});

const line = ZCargoLine.shape;
const dimension = ZDimensionLine.shape;
const container = ZShipmentContainer.shape;

export const cargoRules = {
  packageCount: numberRule({
    schema: line.packageCount,
    label: 'Packages',
    requiredMessage: 'Enter how many packages.',
  }),
  packageType: zodRule(line.packageType, { requiredMessage: 'Choose the package type.' }),
  description: zodRule(line.description, {
    label: 'The description',
    requiredMessage: 'Describe the goods, as the shipper declares them.',
  }),
  hsCode: checkedCodeRule(checkHsCode),
  grossWeightKg: numberRule({
    schema: line.grossWeightKg,
    label: 'Gross weight',
    requiredMessage: 'Enter the gross weight in kg.',
  }),
  volumeM3: numberRule({ schema: line.volumeM3, label: 'Volume' }),
  pieces: numberRule({ schema: dimension.pieces, label: 'Pieces' }),
  lengthCm: numberRule({ schema: dimension.lengthCm, label: 'Length', requiredMessage: 'Enter the length.' }),
  widthCm: numberRule({ schema: dimension.widthCm, label: 'Width', requiredMessage: 'Enter the width.' }),
  heightCm: numberRule({ schema: dimension.heightCm, label: 'Height', requiredMessage: 'Enter the height.' }),
  sizeType: checkedCodeRule(checkSizeTypeCode, 'Choose the size-type.'),
  tareKg: numberRule({ schema: container.tareKg, label: 'Tare' }),
  verifiedGrossMassKg: numberRule({ schema: container.verifiedGrossMassKg, label: 'Verified gross mass' }),
  /** Seal numbers separated by commas or spaces, each as the server takes it. */
  seals: {
    validator: async (_rule: unknown, text: string | undefined) => {
      const seals = (text ?? '').split(/[\s,;]+/).filter(Boolean);
      if (seals.length > shipmentRules.sealsMax)
        throw new Error(`A container has at most ${shipmentRules.sealsMax} seals.`);
      const long = seals.find((seal) => seal.length > shipmentRules.sealMax);
      if (long) throw new Error(`Seal ${long} is longer than ${shipmentRules.sealMax} characters.`);
    },
  },
} satisfies Record<string, RuleObject>;

/** A container number of ISO 6346; a wrong check digit says which number was likely meant. */
export const containerNumberRule: RuleObject = {
  required: true,
  validator: async (_rule, text: string | undefined) => {
    if (isBlank(text)) throw new Error('Enter the container number, like MSKU9070323.');
    const suggestion = containerSuggestionOf(text);
    if (suggestion) throw new Error(containerSuggestionText(suggestion));
    const check = checkContainerNumber(String(text));
    if (!check.ok) throw new Error(check.message);
  },
};

/** A number is once in a shipment (the server's key): a repeat names the container that has it. */
export const uniqueContainerNumberRule = (
  form: Pick<FormInstance, 'getFieldValue'>,
  index: number,
): RuleObject => ({
  validator: async (_rule, text: string | undefined) => {
    if (isBlank(text)) return;
    const number = normaliseContainerNumber(String(text));
    const containers = (form.getFieldValue('containers') ?? []) as ({ number?: string } | undefined)[];
    const earlier = containers.findIndex(
      (container, place) => place < index && normaliseContainerNumber(container?.number ?? '') === number,
    );
    if (earlier >= 0) throw new Error(`${number} is already container ${earlier + 1}.`);
  },
});

/**
 * Dangerous goods have a UN number and a class, or neither (ZCargoLine's rule): each field names
 * the other when only one is given.
 */
export const dangerousGoodsRules = (form: Pick<FormInstance, 'getFieldValue'>, index: number) => ({
  unNumber: {
    validator: async (_rule: unknown, text: string | undefined) => {
      const dangerousClass = form.getFieldValue(['lines', index, 'dangerousGoodsClass']) as string | null;
      if (isBlank(text)) {
        if (dangerousClass)
          throw new Error(`Enter the UN number of these class ${dangerousClass} goods, or clear the class.`);
        return;
      }
      const check = checkUnNumber(String(text));
      if (!check.ok) throw new Error(check.message);
    },
  },
  dangerousClass: {
    validator: async (_rule: unknown, value: string | null | undefined) => {
      const unNumber = form.getFieldValue(['lines', index, 'dangerousGoodsUnNumber']) as string | undefined;
      if (isBlank(value)) {
        if (!isBlank(unNumber))
          throw new Error('Choose the class of these dangerous goods, or clear the UN number.');
        return;
      }
      const check = checkDangerousGoodsClass(String(value));
      if (!check.ok) throw new Error(check.message);
    },
  },
});
