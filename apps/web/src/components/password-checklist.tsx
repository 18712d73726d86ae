import { type PasswordValidationStatus, validatePassword } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { getIdentity } from '../lib/identity.ts';
import './password-checklist.css';

// Plain HTML, without antd: the signed-out pages use it too and stay light.

// Identity Platform's ceiling: a limit this high is no requirement worth listing.
const unlistedMaxLength = 4096;

type TRequirement = { label: string; isMet: boolean };

/** The requirements the published policy sets, each with whether the password meets it yet. */
const requirementsOf = (status: PasswordValidationStatus): TRequirement[] => {
  const options = status.passwordPolicy.customStrengthOptions;
  const requirements: TRequirement[] = [];
  const add = (label: string, isMet: boolean | undefined) => {
    if (isMet !== undefined) requirements.push({ label, isMet });
  };
  add(`At least ${options.minPasswordLength ?? 6} characters`, status.meetsMinPasswordLength);
  if ((options.maxPasswordLength ?? unlistedMaxLength) < unlistedMaxLength) {
    add(`At most ${options.maxPasswordLength} characters`, status.meetsMaxPasswordLength);
  }
  add('A lowercase letter (a–z)', status.containsLowercaseLetter);
  add('An uppercase letter (A–Z)', status.containsUppercaseLetter);
  add('A number (0–9)', status.containsNumericCharacter);
  const symbols = status.passwordPolicy.allowedNonAlphanumericCharacters;
  add(`A symbol such as ${[...symbols].slice(0, 8).join(' ')}`, status.containsNonAlphanumericCharacter);
  return requirements;
};

/**
 * The password policy's requirements under a new-password field, ticked off as the user types, from
 * the policy the server publishes and the SDK's own `validatePassword` (the server checks the same).
 */
export const PasswordChecklist = ({ password, id }: { password: string; id?: string }) => {
  const [requirements, setRequirements] = useState<TRequirement[]>();
  useEffect(() => {
    let isCurrent = true;
    validatePassword(getIdentity(), password).then(
      (status) => isCurrent && setRequirements(requirementsOf(status)),
      // Without the policy the field's own check still speaks; the list just stays away.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [password]);
  if (!requirements || requirements.length === 0) return null;
  // Named without the word "password", so the field stays the one thing labelled Password.
  return (
    <ul className="password-checklist" id={id} aria-label="Requirements">
      {requirements.map(({ label, isMet }) => (
        <li
          key={label}
          className={`password-checklist__item${isMet ? ' password-checklist__item--met' : ''}`}
          data-met={isMet}
        >
          <span className="password-checklist__mark" aria-hidden="true">
            {isMet ? '✓' : '○'}
          </span>
          <span>
            {label}
            <span className="visually-hidden">{isMet ? ' (met)' : ' (not met yet)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
};
