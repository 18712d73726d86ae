import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { requestSignInLink } from '../../../lib/auth/email-link.ts';
import { twoFactorQuery } from '../../../lib/auth/session.ts';
import { describeIdentityError } from '../../../lib/identity.ts';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from './auth-form.tsx';

/** The login page's "Email me a sign-in link": the link opens /auth/action and signs in there. */
export const EmailLinkRequest = () => {
  const [searchParams] = useSearchParams();
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useAuthForm({
    names: ['email'] as const,
    validators: { email: checkEmail },
    onEdit: () => setError(undefined),
  });
  const redirectTo = searchParams.get(twoFactorQuery.redirect) ?? undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    const email = values.email.trim();
    setError(undefined);
    setIsSubmitting(true);
    try {
      await requestSignInLink(email, redirectTo);
      setSentTo(email);
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      {sentTo ? (
        <AuthNotice kind="success" title="Check your inbox">
          {`If ${sentTo} belongs to a Cargodesk account, we have sent it a link to sign in. The link works once and expires in one hour.`}
        </AuthNotice>
      ) : (
        <>
          <p>Enter the email address you sign in with and we will send you a link that signs you in.</p>
          {error && <AuthNotice kind="error" title={error} />}
          <form className="auth-form" onSubmit={onSubmit} noValidate>
            <AuthField
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              {...form.fieldProps('email')}
            />
            <AuthButton type="submit" isBlock isBusy={isSubmitting}>
              Email me a sign-in link
            </AuthButton>
          </form>
        </>
      )}
      <p className="auth-links">
        <Link to={paths.login.href({ redirectTo })}>Sign in with a password</Link>
      </p>
    </>
  );
};
