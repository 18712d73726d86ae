import { validatePassword } from 'firebase/auth';
import { getIdentity } from '../identity.ts';

/**
 * Checks a password against the policy the server publishes (docs/product.md §5) with the SDK's
 * `validatePassword`, and says what is missing in words.
 */
export const checkPassword = async (password: string): Promise<string | undefined> => {
  if (!password) return 'Please enter a password.';
  const status = await validatePassword(getIdentity(), password);
  if (status.isValid) return undefined;
  const options = status.passwordPolicy.customStrengthOptions;
  const missing: string[] = [];
  if (status.meetsMinPasswordLength === false)
    missing.push(`at least ${options.minPasswordLength ?? 6} characters`);
  if (status.meetsMaxPasswordLength === false)
    missing.push(`at most ${options.maxPasswordLength} characters`);
  if (status.containsLowercaseLetter === false) missing.push('a lowercase letter');
  if (status.containsUppercaseLetter === false) missing.push('an uppercase letter');
  if (status.containsNumericCharacter === false) missing.push('a number');
  if (status.containsNonAlphanumericCharacter === false) {
    const allowed = [...status.passwordPolicy.allowedNonAlphanumericCharacters].join(' ');
    missing.push(allowed ? `a symbol (one of ${allowed})` : 'a symbol');
  }
  return missing.length > 0
    ? `The password needs ${missing.join(', ')}.`
    : 'The password does not meet the requirements.';
};
