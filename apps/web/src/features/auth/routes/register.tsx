import { createUserWithEmailAndPassword, deleteUser } from 'firebase/auth';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordChecklist } from '@/components/password-checklist.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { checkPassword } from '@/lib/auth/password-rule.ts';
import { establishSession, setRegistering } from '@/lib/auth/session.ts';
import { registerCompany } from '@/lib/auth/session-api.ts';
import { getSession, updateSession, useSession } from '@/lib/auth/session-store.ts';
import { describeIdentityError, getIdentity } from '@/lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import {
  AuthButton,
  AuthField,
  AuthNotice,
  AuthSelect,
  checkEmail,
  useAuthForm,
} from '../components/auth-form.tsx';
import { guessCountry, listCountryChoices } from '../country-choices.ts';

type TRegisterValues = {
  companyName: string;
  country: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

/**
 * The limits of the shared ZRegisterCompanyRequest, which the server enforces. Restated here rather
 * than parsed with zod: building zod schemas probes for eval, which the page's CSP reports.
 */
const lengthRule =
  (label: string, { min, max }: { min: number; max: number }) =>
  (value: string) => {
    const length = value.trim().length;
    if (length === 0) return `${label} is required`;
    if (length < min) return `${label} must be at least ${min} characters`;
    if (length > max) return `${label} must be at most ${max} characters`;
    return undefined;
  };

/** The named route `register`: a new company with its first user, who then verifies the email. */
export const RegisterRoute = () => {
  const navigate = useNavigate();
  const { signInStatus, signInError } = useSession();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const countries = useMemo(listCountryChoices, []);

  const form = useAuthForm<keyof TRegisterValues>({
    names: ['companyName', 'country', 'firstName', 'lastName', 'email', 'password'],
    initialValues: { country: guessCountry(countries) },
    onEdit: () => setError(undefined),
    validators: {
      companyName: lengthRule('Company name', { min: 2, max: 120 }),
      firstName: lengthRule('First name', { min: 1, max: 80 }),
      lastName: lengthRule('Last name', { min: 1, max: 80 }),
      email: checkEmail,
      password: checkPassword,
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    const { companyName, country, firstName, lastName, email, password } = values;
    setError(undefined);
    setIsSubmitting(true);
    updateSession({ signInError: undefined });
    const identity = getIdentity();
    setRegistering(true);
    try {
      const { user } = await createUserWithEmailAndPassword(identity, email.trim(), password);
      let jwt: string | undefined;
      try {
        // The server creates the company, its first user and session, and mails the verification link.
        ({ jwt } = await registerCompany({
          idToken: await user.getIdToken(),
          companyName,
          ...(country ? { country } : {}),
          firstName,
          lastName,
        }));
      } catch (failure) {
        // Without its company the identity account is useless; remove it so the email can be used again.
        await deleteUser(user).catch(() => undefined);
        throw failure;
      }
      if (!jwt) throw new Error('The server did not start a session for the new account.');
      updateSession({ isEmailVerified: user.emailVerified });
      await establishSession(jwt);
      if (getSession().isLoggedIn) navigate(paths.dashboard.href(), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : describeIdentityError(failure));
    } finally {
      setRegistering(false);
      setIsSubmitting(false);
    }
  };

  const shownError = error ?? (signInStatus === 'failed' ? signInError : undefined);
  return (
    <AuthCard title="Create your company account">
      {shownError && <AuthNotice kind="error" title={shownError} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting}>
          <AuthField
            label="Company name"
            autoComplete="organization"
            autoFocus
            {...form.fieldProps('companyName')}
          />
          <AuthSelect
            label="Country"
            placeholder="Choose where your company works"
            hint="Sets your base currency and the currencies in use; both can be changed later."
            options={countries.map(({ code, name }) => ({ value: code, label: name }))}
            {...form.fieldProps('country')}
          />
          <AuthField label="First name" autoComplete="given-name" {...form.fieldProps('firstName')} />
          <AuthField label="Last name" autoComplete="family-name" {...form.fieldProps('lastName')} />
          <AuthField label="Email" type="email" autoComplete="email" {...form.fieldProps('email')} />
          <AuthField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...form.fieldProps('password')}
          />
          <PasswordChecklist password={form.values.password} />
          <AuthButton type="submit" isBlock isBusy={isSubmitting}>
            Create account
          </AuthButton>
        </fieldset>
      </form>
      <p className="auth-links">
        <span>
          Already have an account? <Link to={paths.login.href()}>Sign in</Link>
        </span>
      </p>
    </AuthCard>
  );
};
