import { ApiError } from '@/lib/api-client.ts';

// A 400's field errors (`error.details.fields`, apps/server/src/platform/http/errors.ts), read in
// one place for every form that puts the server's refusals under the fields they are about.

/** One refused field: its path in the body (`containers.0.number`), the words, and any hints. */
export type TServerFieldError = {
  field: string;
  message: string;
  /** What a refused freight value carries: the problem, and for a check digit the digit and suggestions. */
  params?: Record<string, unknown>;
};

const isFieldError = (value: unknown): value is TServerFieldError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TServerFieldError).field === 'string' &&
  typeof (value as TServerFieldError).message === 'string';

/** The field errors an API failure carries; none for any other failure. */
export const serverFieldErrorsOf = (error: unknown): TServerFieldError[] => {
  if (!(error instanceof ApiError)) return [];
  const fields = (error.details as { fields?: unknown } | null | undefined)?.fields;
  return Array.isArray(fields) ? fields.filter(isFieldError) : [];
};

/** A body path as a form names the field: `lines.0.hsCode` → `['lines', 0, 'hsCode']`. */
export const formNamePathOf = (field: string): (string | number)[] =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
