import type { TInvitationSummary } from '@cargodesk/shared';
import {
  applyActionCode,
  confirmPasswordReset,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordChecklist } from '@/components/password-checklist.tsx';
import { paths } from '@/config/paths.ts';
import { checkPassword } from '@/lib/auth/password-rule.ts';
import { fetchInvitation } from '@/lib/auth/session-api.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { passwordFieldTexts } from '@/lib/forms/password-fields.ts';
import { describeIdentityError, getIdentity } from '@/lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import {
  AuthButton,
  AuthField,
  AuthNotice,
  AuthProgress,
  AuthResult,
  useAuthForm,
} from '../components/auth-form.tsx';
import { EmailLinkSignIn } from '../components/email-link-sign-in.tsx';

// Action codes are single-use: remember each check so a second render (StrictMode) reuses its outcome.
const checks = new Map<string, Promise<unknown>>();
const checkOnce = <T,>(key: string, check: () => Promise<T>) => {
  let pending = checks.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = check();
    checks.set(key, pending);
  }
  return pending;
};

type TCheck<T> = { state: 'checking' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

const useActionCheck = <T,>(key: string, check: () => Promise<T>) => {
  const [result, setResult] = useState<TCheck<T>>({ state: 'checking' });
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
  if (result.state === 'checking') return <AuthProgress>Verifying your email address…</AuthProgress>;
  if (result.state === 'failed')
    return <AuthResult kind="error" title={result.message} extra={<SignInLink />} />;
  return (
    <AuthResult
      kind="success"
      title="Your email address is verified"
      subTitle="Sign in to continue to Cargodesk."
      extra={<SignInLink />}
    />
  );
};

type TResetLink = { email: string; invitation: TInvitationSummary | undefined };

/** A reset link, or an invitation (the reset link of an invited user), which the page greets by company. */
const readResetLink = async (oobCode: string): Promise<TResetLink> => {
  const [email, invitation] = await Promise.all([
    verifyPasswordResetCode(getIdentity(), oobCode),
    // Not an invitation, or the server cannot say which company: the page is the plain reset.
    fetchInvitation(oobCode).catch(() => undefined),
  ]);
  return { email, invitation };
};

type TStage = 'choosing' | 'signing-in' | 'done';

const ResetPassword = ({ oobCode }: { oobCode: string }) => {
  const result = useActionCheck(`reset:${oobCode}`, () => readResetLink(oobCode));
  const [stage, setStage] = useState<TStage>('choosing');
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { isLoggedIn, signInStatus } = useSession();
  const navigate = useNavigate();
  const form = useAuthForm({
    names: ['password', 'confirmation'] as const,
    onEdit: () => setError(undefined),
    validators: {
      password: checkPassword,
      confirmation: (value, values) => (value === values.password ? undefined : passwordFieldTexts.mismatch),
    },
    revalidates: { password: ['confirmation'] },
  });

  // An invited user is signed in with the password they just chose (the identity listener opens the
  // session, or asks for a two-factor code), then lands on the dashboard.
  useEffect(() => {
    if (stage === 'signing-in' && isLoggedIn) navigate(paths.dashboard.path, { replace: true });
    if (stage === 'signing-in' && signInStatus === 'failed') setStage('done');
  }, [stage, isLoggedIn, signInStatus, navigate]);

  const invitation = result.state === 'done' ? result.value.invitation : undefined;
  const title = invitation ? `Welcome to ${invitation.companyName}` : 'Choose a new password';

  const body = () => {
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
    if (stage === 'signing-in') return <AuthProgress>Signing you in…</AuthProgress>;
    if (stage === 'done') {
      return (
        <AuthResult
          kind="success"
          title={invitation ? 'Your password is set' : 'Your password has been changed'}
          subTitle="Sign in with your new password."
          extra={<SignInLink />}
        />
      );
    }

    const { email } = result.value;
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
      } catch (failure) {
        setError(describeIdentityError(failure));
        setIsSubmitting(false);
        return;
      }
      setIsSubmitting(false);
      if (!invitation) {
        setStage('done');
        return;
      }
      setStage('signing-in');
      // The password is set either way: a sign-in that fails here leaves the way through the sign-in page.
      await signInWithEmailAndPassword(getIdentity(), email, password).catch(() => setStage('done'));
    };

    return (
      <>
        <p>
          {invitation ? 'Set your password for ' : 'Choose a new password for '}
          <strong>{email}</strong>.
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
            <PasswordChecklist password={form.values.password} />
            <AuthField
              label={passwordFieldTexts.repeatLabel}
              type="password"
              autoComplete="new-password"
              {...form.fieldProps('confirmation')}
            />
            <AuthButton type="submit" isBlock isBusy={isSubmitting}>
              {invitation ? 'Set your password' : 'Save new password'}
            </AuthButton>
          </fieldset>
        </form>
      </>
    );
  };

  return <AuthCard title={title}>{body()}</AuthCard>;
};

/** Where the identity provider's emails lead (docs/architecture.md): verify an address, reset a password or sign in. */
export const AuthActionRoute = () => {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode') ?? '';

  if (mode === 'verifyEmail' && oobCode) {
    return (
      <AuthCard title="Verify your email">
        <VerifyEmail oobCode={oobCode} />
      </AuthCard>
    );
  }
  if (mode === 'resetPassword' && oobCode) return <ResetPassword oobCode={oobCode} />;
  if (mode === 'signIn' && oobCode) {
    return (
      <AuthCard title="Sign in by email link">
        <EmailLinkSignIn />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link is not valid">
      <AuthResult
        kind="warning"
        title="The link is incomplete. Please open it again from the email."
        extra={<SignInLink />}
      />
    </AuthCard>
  );
};
