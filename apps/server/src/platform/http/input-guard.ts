import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// docs/security.md: input is cleaned where it enters. PostgreSQL text cannot hold a NUL byte, a lone UTF-16
// surrogate has no UTF-8 form (the driver and the mailer choke on it), and a key such as __proto__
// or constructor reaches Object.prototype when code looks it up. Refused here, once, before any
// route's schema or service sees the request, instead of failing as a 500 deep inside.

/** Keys that name Object.prototype's members: no field of ours is called that. */
const prototypeKeys = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const inputMessages = {
  nul: 'must not contain a NUL character',
  loneSurrogate: 'must be valid Unicode text (it holds a lone surrogate)',
  prototypeKey: 'is not a field name we accept',
} as const;

export type TInputLocation = 'body' | 'querystring' | 'params' | 'multipart';

/** A refused request input, with the field that held it; identity routes turn it into their own codes. */
export class InputRefusedError extends AppError {
  readonly field: string;

  constructor(location: TInputLocation, field: string, problem: string) {
    const label = field || location;
    super('VALIDATION_FAILED', `Invalid ${location}: ${label} ${problem}`, {
      fields: [{ field, message: problem }],
    });
    this.field = field;
  }
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const problemOfText = (text: string) => {
  if (text.includes('\u0000')) return inputMessages.nul;
  // String.prototype.isWellFormed, which TypeScript's ES2023 library does not declare yet.
  if (loneSurrogate.test(text)) return inputMessages.loneSurrogate;
  return undefined;
};

/**
 * Walks a parsed input (JSON, form, query or params) and throws on the first refused string or key.
 * Iterative, so a deeply nested body cannot overflow the stack; buffers (raw uploads) are left to
 * their own parsers.
 */
export const assertSafeInput = (location: TInputLocation, input: unknown) => {
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      const problem = problemOfText(value);
      if (problem) throw new InputRefusedError(location, path, problem);
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, path: path ? `${path}.${index}` : String(index) });
      });
      continue;
    }
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key;
      if (prototypeKeys.has(key)) throw new InputRefusedError(location, field, inputMessages.prototypeKey);
      const problem = problemOfText(key);
      if (problem) throw new InputRefusedError(location, path, `has a key that ${problem}`);
      pending.push({ value: (value as Record<string, unknown>)[key], path: field });
    }
  }
};

/** One root hook: every route's params, query and parsed body pass the guard before validation. */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    assertSafeInput('params', request.params);
    assertSafeInput('querystring', request.query);
    assertSafeInput('body', request.body);
  });
};
