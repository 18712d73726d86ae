import { type FormEvent, useState } from 'react';
import { describeIdentityError } from '@/lib/identity.ts';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from './auth-form.tsx';

/**
 * Asks for the email address a link is sent to (a sign-in link, a password reset), sends it, and then
 * says it was sent in place of the form. What follows the form (links back) is the page's.
 */
export const SendLinkForm = ({
  intro,
  autoComplete,
  submitLabel,
  send,
  sentMessage,
}: {
  /** What the link does, above the field. */
  intro: string;
  /** `username` where the address signs in, so password managers offer the saved account. */
  autoComplete: 'username' | 'email';
  submitLabel: string;
  send: (email: string) => Promise<unknown>;
  /** The confirmation, worded so that it does not tell whether the address has an account. */
  sentMessage: (email: string) => string;
}) => {
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
      await send(email);
      setSentTo(email);
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthNotice kind="success" title="Check your inbox">
        {sentMessage(sentTo)}
      </AuthNotice>
    );
  }
  return (
    <>
      <p>{intro}</p>
      {error && <AuthNotice kind="error" title={error} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <AuthField
          label="Email"
          type="email"
          autoComplete={autoComplete}
          autoFocus
          {...form.fieldProps('email')}
        />
        <AuthButton type="submit" isBlock isBusy={isSubmitting}>
          {submitLabel}
        </AuthButton>
      </form>
    </>
  );
};
