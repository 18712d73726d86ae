import { ZExchangeRateInput } from '@cargodesk/shared';
import { decimalMessages, parseDecimal } from '@/lib/forms/decimal.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';

// The server's own checks of a rate, on the number the text holds.
const rateSchemaRule = zodRule(ZExchangeRateInput.shape.rate, { label: 'The rate' });

/** A rate as typed: read by `parseDecimal`, so a decimal comma means what the user meant. */
export const rateRule = {
  required: true,
  validator: async (rule: unknown, text: string | undefined) => {
    if (!text?.trim()) throw new Error('Please enter the rate.');
    const value = parseDecimal(text);
    if (value === undefined) throw new Error(`The rate ${decimalMessages.notANumber}`);
    await rateSchemaRule.validator?.(rule as never, value, () => undefined);
  },
};
