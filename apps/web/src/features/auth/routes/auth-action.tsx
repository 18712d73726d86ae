import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { checkPassword } from '../../../lib/auth/password-rule.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import {
  AuthButton,
  AuthField,
  AuthNotice,
  AuthProgress,
  AuthResult,
  useAuthForm,
} from '../components/auth-form.tsx';

// Action codes are single-use: remember each check so a second render (StrictMode) reuses its outcome.
const checks = new Map<string, Promise<string>>();
const checkOnce = (key: string, check: () => Promise<string>) => {
  let pending = checks.get(key);
  if (!pending) {
    pending = check();
    checks.set(key, pending);
  }
  return pending;
};

type TCheck = { state: 'checking' } | { state: 'done'; value: string } | { state: 'failed'; message: string };

const useActionCheck = (key: string, check: () => Promise<string>) => {
  const [result, setResult] = useState<TCheck>({ state: 'checking' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the check.
  useEffect(() => {
    let isCurrent = true;
    checkOnce(key, check).then(
      (value) => isCurrent && setResult({ state: 'done', value }),
      (failure: unknown) =>
        isCurrent && setResult({ state: 'failed', message: describeIdentityError(failure) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [key]);
  return result;
};

/** A button that leads on to another page (the antd screens had a button inside a link). */
const NavigateButton = ({ to, children }: { to: string; children: string }) => {
  const navigate = useNavigate();
  return <AuthButton onClick={() => navigate(to)}>{children}</AuthButton>;
};

const SignInLink = () => <NavigateButton to={paths.login.href()}>Go to sign in</NavigateButton>;

const VerifyEmail = ({ oobCode }: { oobCode: string }) => {
  const result = useActionCheck(`verify:${oobCode}`, async () => {
    await applyActionCode(getIdentity(), oobCode);
    return '';
  });
  if (result.state === 'checking') return <AuthProgress>Verifying your e-mail address…</AuthProgress>;
  if (result.state === 'failed')
    return <AuthResult kind="error" title={result.message} extra={<SignInLink />} />;
  return (
    <AuthResult
      kind="success"
      title="Your e-mail address is verified"
      subTitle="Sign in to continue to Cargodesk."
      extra={<SignInLink />}
    />
  );
};

const ResetPassword = ({ oobCode }: { oobCode: string }) => {
  const result = useActionCheck(`reset:${oobCode}`, () => verifyPasswordResetCode(getIdentity(), oobCode));
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useAuthForm({
    names: ['password', 'confirmation'] as const,
    validators: {
      password: checkPassword,
      confirmation: (value, values) =>
        value === values.password ? undefined : 'The two passwords do not match.',
    },
    revalidates: { password: ['confirmation'] },
  });

  if (result.state === 'checking') return <AuthProgress>Checking the link…</AuthProgress>;
  if (result.state === 'failed') {
    return (
      <AuthResult
        kind="error"
        title={result.message}
        extra={<NavigateButton to={paths.forgotPassword.href()}>Ask for a new link</NavigateButton>}
      />
    );
  }
  if (isDone) {
    return (
      <AuthResult
        kind="success"
        title="Your password has been changed"
        subTitle="Sign in with your new password."
        extra={<SignInLink />}
      />
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    const { password } = values;
    setError(undefined);
    setIsSubmitting(true);
    try {
      await confirmPasswordReset(getIdentity(), oobCode, password);
      setIsDone(true);
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <p>
        Choose a new password for <strong>{result.value}</strong>.
      </p>
      {error && <AuthNotice kind="error" title={error} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting}>
          <AuthField
            label="New password"
            type="password"
            autoComplete="new-password"
            autoFocus
            {...form.fieldProps('password')}
          />
          <AuthField
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            {...form.fieldProps('confirmation')}
          />
          <AuthButton type="submit" isBlock isBusy={isSubmitting}>
            Save new password
          </AuthButton>
        </fieldset>
      </form>
    </>
  );
};

/** Where the identity provider's e-mails lead (docs/architecture.md): verify an address or reset a password. */
export const AuthActionRoute = () => {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode') ?? '';

  if (mode === 'verifyEmail' && oobCode) {
    return (
      <AuthCard title="Verify your e-mail">
        <VerifyEmail oobCode={oobCode} />
      </AuthCard>
    );
  }
  if (mode === 'resetPassword' && oobCode) {
    return (
      <AuthCard title="Choose a new password">
        <ResetPassword oobCode={oobCode} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link is not valid">
      <AuthResult
        kind="warning"
        title="The link is incomplete. Please open it again from the e-mail."
        extra={<SignInLink />}
      />
    </AuthCard>
  );
};
