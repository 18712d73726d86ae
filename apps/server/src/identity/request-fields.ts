import { type IdentityContext, isValidEmail, normaliseEmail } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import { findPasswordViolations } from './password-policy.ts';

// Request bodies are read field by field so each problem gets the exact code the SDK maps.

export const readString = (
  body: Record<string, unknown>,
  field: string,
  missingCode: string,
  maxLength = 4096,
) => {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw new IdentityError(missingCode);
  if (typeof value !== 'string') throw new IdentityError('INVALID_ARGUMENT', `${field} must be a string`);
  if (value.length > maxLength) throw new IdentityError('INVALID_ARGUMENT', `${field} is too long`);
  return value;
};

export const readEmail = (body: Record<string, unknown>) => {
  const email = normaliseEmail(readString(body, 'email', 'MISSING_EMAIL', Number.POSITIVE_INFINITY));
  if (!isValidEmail(email)) throw new IdentityError('INVALID_EMAIL');
  return email;
};

export const assertPasswordMeetsPolicy = (context: IdentityContext, password: string) => {
  const violations = findPasswordViolations(context.policy, password);
  if (violations.length > 0) {
    throw new IdentityError(
      'PASSWORD_DOES_NOT_MEET_REQUIREMENTS',
      `Missing password requirements: [${violations.join(', ')}]`,
    );
  }
};

/** A password of any length: the policy, not the reader, names what is wrong with it. */
export const readPassword = (body: Record<string, unknown>, field: 'password' | 'newPassword') =>
  readString(body, field, 'MISSING_PASSWORD', Number.POSITIVE_INFINITY);
