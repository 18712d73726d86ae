import type { Config } from '../config.ts';

// The symbols Identity Platform accepts by default; a symbol outside this list does not count.
const allowedNonAlphanumericCharacters = [...'^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-'];
const maxPasswordLength = 4096;

export type TPasswordPolicy = {
  customStrengthOptions: { minPasswordLength: number; maxPasswordLength: number };
  allowedNonAlphanumericCharacters: string[];
  enforcementState: 'ENFORCE';
  forceUpgradeOnSignin: boolean;
  schemaVersion: 1;
};

/** The policy served at v2/passwordPolicy and enforced by signUp, update and resetPassword (docs/product.md §5). */
export const buildPasswordPolicy = (config: Config): TPasswordPolicy => ({
  customStrengthOptions: { minPasswordLength: config.passwordPolicy.minLength, maxPasswordLength },
  allowedNonAlphanumericCharacters,
  enforcementState: 'ENFORCE',
  forceUpgradeOnSignin: false,
  schemaVersion: 1,
});

/** The requirements a password misses, in the words Identity Platform uses; empty when it passes. */
export const findPasswordViolations = (policy: TPasswordPolicy, password: string): string[] => {
  const { minPasswordLength, maxPasswordLength } = policy.customStrengthOptions;
  const violations: string[] = [];
  if (password.length < minPasswordLength) {
    violations.push(`Password must contain at least ${minPasswordLength} characters`);
  }
  if (password.length > maxPasswordLength) {
    violations.push(`Password may contain at most ${maxPasswordLength} characters`);
  }
  return violations;
};
