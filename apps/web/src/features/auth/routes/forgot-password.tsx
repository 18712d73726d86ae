import { sendPasswordResetEmail } from 'firebase/auth';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from '../components/auth-form.tsx';

/** Asks the identity provider to mail a password-reset link (it opens /auth/action). */
export const ForgotPasswordRoute = () => {
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useAuthForm({
    names: ['email'] as const,
    validators: { email: checkEmail },
    onEdit: () => setError(undefined),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    const email = values.email.trim();
    setError(undefined);
    setIsSubmitting(true);
    try {
      await sendPasswordResetEmail(getIdentity(), email);
      setSentTo(email);
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      {sentTo ? (
        <AuthNotice kind="success" title="Check your inbox">
          {`If an account exists for ${sentTo}, we have sent it a link to choose a new password. The link works once and expires in one hour.`}
        </AuthNotice>
      ) : (
        <>
          <p>
            Enter the email address you sign in with and we will send you a link to choose a new password.
          </p>
          {error && <AuthNotice kind="error" title={error} />}
          <form className="auth-form" onSubmit={onSubmit} noValidate>
            <AuthField
              label="Email"
              type="email"
              autoComplete="email"
              autoFocus
              {...form.fieldProps('email')}
            />
            <AuthButton type="submit" isBlock isBusy={isSubmitting}>
              Send reset link
            </AuthButton>
          </form>
        </>
      )}
      <p className="auth-links">
        <Link to={paths.login.href()}>Back to sign in</Link>
      </p>
    </AuthCard>
  );
};
