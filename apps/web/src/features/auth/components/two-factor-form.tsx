import { type FormEvent, useState } from 'react';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { establishSession, logout } from '@/lib/auth/session.ts';
import { resendTwoFactorCode, submitTwoFactorCode } from '@/lib/auth/session-api.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { getIdentity } from '@/lib/identity.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { AuthButton, AuthField, AuthNotice, useAuthForm } from './auth-form.tsx';

const sixDigits = /^\d{6}$/;

/** The freshest identity token: the signed-in user's if there is one, else the one the query carried. */
const currentIdToken = async (fallback: string) =>
  (await getIdentity().currentUser?.getIdToken()) ?? fallback;

/** The two-factor step of docs/product.md §2: the code mailed to the user, exchanged for the session. */
export const TwoFactorForm = ({ idToken, emailId }: { idToken: string; emailId: string }) => {
  const { isLoggedIn, loadError } = useSession();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isResending, setIsResending] = useState(false);

  const isVerifying = isSubmitting || (isLoggedIn && !loadError);
  const form = useAuthForm({
    names: ['code'] as const,
    onEdit: () => setError(undefined),
    validators: {
      // The shape ZCodeAuthRequest checks on the server; zod itself stays out of the login bundle.
      code: (value) =>
        sixDigits.test(value.trim()) ? undefined : 'Please enter the 6-digit code from the email.',
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    const { code } = values;
    setError(undefined);
    setNotice(undefined);
    setIsSubmitting(true);
    try {
      const reply = await submitTwoFactorCode({ idToken: await currentIdToken(idToken), code: code.trim() });
      if (!reply.jwt) throw new Error('The server did not accept the code.');
      // The session effects finish the start-up and leave the login route (docs/product.md §4 step 5).
      await establishSession(reply.jwt);
    } catch (failure) {
      setError(toErrorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const onResend = async () => {
    setError(undefined);
    setNotice(undefined);
    setIsResending(true);
    try {
      await resendTwoFactorCode(await currentIdToken(idToken));
      setNotice(`A new code is on its way to ${emailId}.`);
    } catch (failure) {
      setError(toErrorMessage(failure));
    } finally {
      setIsResending(false);
    }
  };

  const onUseAnotherAccount = async () => {
    await logout();
    navigateTo(paths.login.href(), { replace: true });
  };

  return (
    <>
      <p>
        We have sent a 6-digit sign-in code to <strong>{emailId}</strong>. Enter it below to continue.
      </p>
      {error && <AuthNotice kind="error" title={error} />}
      {loadError && <AuthNotice kind="error" title={loadError} />}
      {notice && <AuthNotice kind="success" title={notice} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <AuthField
          label="Sign-in code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          {...form.fieldProps('code')}
        />
        <AuthButton type="submit" isBlock isBusy={isVerifying}>
          Verify code
        </AuthButton>
      </form>
      <div className="auth-row">
        <AuthButton variant="link" onClick={onResend} isBusy={isResending}>
          Send a new code
        </AuthButton>
        <AuthButton variant="link" onClick={onUseAnotherAccount}>
          Use another account
        </AuthButton>
      </div>
    </>
  );
};
