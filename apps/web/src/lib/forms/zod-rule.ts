import type { RuleObject } from 'antd/es/form';
import type { ZodType, z } from 'zod';

// docs/architecture.md: the web validates a field with the same zod schema the server parses it
// with, so a limit is written once, in packages/shared. zod must be jitless in the browser (the CSP
// refuses eval): app/zod-jitless.ts sets it before any schema exists.

type TIssueCode = z.core.$ZodIssue['code'];

export type TZodRuleOptions = {
  /** Opens the schema's message: "Name" + "must be at most 60 characters". */
  label?: string;
  /** The text shown for an issue code instead of the schema's, where users already know another. */
  messages?: Partial<Record<TIssueCode, string>>;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// antd leaves a text field nobody typed in undefined; for its schema that is empty text, so an
// untouched required field says "is required" rather than "expected string".
const asInput = (schema: ZodType, value: unknown) =>
  value === undefined || value === null ? (schema.safeParse(value).success ? value : '') : value;

/**
 * An antd form rule that runs `schema.safeParse` on the field's value and shows zod's first issue.
 * It marks the field required when the schema refuses an empty value, for `requiredMark`.
 */
export const zodRule = (schema: ZodType, { label, messages }: TZodRuleOptions = {}): RuleObject => ({
  required: !schema.safeParse('').success && !schema.safeParse(undefined).success,
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(asInput(schema, value));
    if (result.success) return;
    const issue = result.error.issues[0];
    if (!issue) throw new Error('Invalid value');
    const message =
      messages?.[issue.code] ?? (label ? `${label} ${issue.message}` : capitalise(issue.message));
    throw new Error(message);
  },
});
