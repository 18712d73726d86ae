import type { RuleObject } from 'antd/es/form';
import type { ZodType, z } from 'zod';

// docs/architecture.md: the web validates a field with the same zod schema the server parses it
// with, so a limit is written once, in packages/shared. zod must be jitless in the browser (the CSP
// refuses eval): app/zod-jitless.ts sets it before any schema exists.

type TIssue = z.core.$ZodIssue;
type TIssueCode = TIssue['code'];

export type TZodRuleOptions = {
  /** Opens the schema's message: "Name" + "must be at most 60 characters". */
  label?: string;
  /**
   * The text shown for an issue code instead of the schema's, where users already know another.
   * A function is given the refused value: for an issue about one item of a list, that item.
   */
  messages?: Partial<Record<TIssueCode, string | ((refused: unknown) => string)>>;
  /** The text shown when the field is left empty and the schema refuses that. */
  requiredMessage?: string;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// antd leaves a text field nobody typed in undefined; for its schema that is empty text, so an
// untouched required field says "is required" rather than "expected string".
const asInput = (schema: ZodType, value: unknown) =>
  value === undefined || value === null ? (schema.safeParse(value).success ? value : '') : value;

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The part of the value an issue is about: the item of a list for `['to', 2]`-like paths. */
const refusedPart = (value: unknown, issue: TIssue) =>
  issue.path.reduce<unknown>(
    (part, key) =>
      part !== null && typeof part === 'object' ? (part as Record<PropertyKey, unknown>)[key] : undefined,
    value,
  );

/**
 * An antd form rule that runs `schema.safeParse` on the field's value and shows zod's first issue.
 * It marks the field required when the schema refuses an empty value, for `requiredMark`.
 */
export const zodRule = (
  schema: ZodType,
  { label, messages, requiredMessage }: TZodRuleOptions = {},
): RuleObject => ({
  required: !schema.safeParse('').success && !schema.safeParse(undefined).success,
  validator: async (_rule, value: unknown) => {
    const input = asInput(schema, value);
    const result = schema.safeParse(input);
    if (result.success) return;
    if (requiredMessage && isEmpty(value)) throw new Error(requiredMessage);
    const issue = result.error.issues[0];
    if (!issue) throw new Error('Invalid value');
    const known = messages?.[issue.code];
    if (typeof known === 'function') throw new Error(known(refusedPart(input, issue)));
    if (known) throw new Error(known);
    throw new Error(label ? `${label} ${issue.message}` : capitalise(issue.message));
  },
});
