import type { Config } from '../config.ts';

// The symbols Identity Platform accepts by default; a symbol outside this list does not count.
const allowedNonAlphanumericCharacters = [...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-'];

/**
 * The shape of v2/passwordPolicy that the SDK's `validatePassword` reads (identity-protocol.md §6):
 * a requirement that is off is left out, as Identity Platform does.
 */
export type TPasswordPolicy = {
  customStrengthOptions: {
    minPasswordLength: number;
    maxPasswordLength: number;
    containsLowercaseCharacter?: true;
    containsUppercaseCharacter?: true;
    containsNumericCharacter?: true;
    containsNonAlphanumericCharacter?: true;
  };
  allowedNonAlphanumericCharacters: string[];
  enforcementState: 'ENFORCE';
  forceUpgradeOnSignin: boolean;
  schemaVersion: 1;
};

/**
 * The policy served at v2/passwordPolicy and enforced wherever a password is set: signUp (also when
 * linking), accounts:update, resetPassword and the admin interface (docs/product.md §5).
 */
export const buildPasswordPolicy = ({ passwordPolicy: options }: Pick<Config, 'passwordPolicy'>) => ({
  customStrengthOptions: {
    minPasswordLength: options.minLength,
    maxPasswordLength: options.maxLength,
    ...(options.requireLowercase ? { containsLowercaseCharacter: true as const } : {}),
    ...(options.requireUppercase ? { containsUppercaseCharacter: true as const } : {}),
    ...(options.requireDigit ? { containsNumericCharacter: true as const } : {}),
    ...(options.requireSymbol ? { containsNonAlphanumericCharacter: true as const } : {}),
  },
  allowedNonAlphanumericCharacters,
  enforcementState: 'ENFORCE' as const,
  forceUpgradeOnSignin: false,
  schemaVersion: 1 as const,
});

/**
 * The requirements a password misses, in the words Identity Platform uses; empty when it passes.
 * Letters and digits are the ASCII ranges and symbols those of the list, exactly as the SDK's
 * `validatePassword` counts them, so the form's checklist and the server never disagree.
 */
export const findPasswordViolations = (policy: TPasswordPolicy, password: string): string[] => {
  const options = policy.customStrengthOptions;
  // UTF-16 units, as the SDK counts (`password.length`, `charAt`).
  const characters = password.split('');
  const has = (test: (character: string) => boolean) => characters.some(test);
  const violations: string[] = [];
  if (password.length < options.minPasswordLength) {
    violations.push(`Password must contain at least ${options.minPasswordLength} characters`);
  }
  if (password.length > options.maxPasswordLength) {
    violations.push(`Password may contain at most ${options.maxPasswordLength} characters`);
  }
  if (options.containsLowercaseCharacter && !has((c) => c >= 'a' && c <= 'z')) {
    violations.push('Password must contain a lower case character');
  }
  if (options.containsUppercaseCharacter && !has((c) => c >= 'A' && c <= 'Z')) {
    violations.push('Password must contain an upper case character');
  }
  if (options.containsNumericCharacter && !has((c) => c >= '0' && c <= '9')) {
    violations.push('Password must contain a numeric character');
  }
  if (
    options.containsNonAlphanumericCharacter &&
    !has((c) => policy.allowedNonAlphanumericCharacters.includes(c))
  ) {
    violations.push('Password must contain a non-alphanumeric character');
  }
  return violations;
};
