import { ssoErrorCodes, ssoMessages, type TSsoErrorCode } from '@cargodesk/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/auth/session-store.ts';
import { completeSingleSignOn, startSingleSignOn, takeSsoAssertion } from '../../../lib/auth/sso.ts';
import { describeIdentityError } from '../../../lib/identity.ts';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from './auth-form.tsx';

/** Why the server sent the browser back to the login page (`?sso_error=`), in the product's words. */
export const ssoErrorMessage = (code: string | null) =>
  code && (ssoErrorCodes as readonly string[]).includes(code)
    ? ssoMessages.byCode[code as TSsoErrorCode]
    : undefined;

/**
 * Finishes a single sign-on the callback sent back with an assertion. Answers the failure, if any;
 * success goes on through the identity listener (login call, two-factor or session).
 */
export const useSsoCompletion = () => {
  const [error, setError] = useState<string>();
  const hasRun = useRef(false);
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    const taken = takeSsoAssertion();
    if (!taken) return;
    updateSession({ signInStatus: 'pending', signInError: undefined, loadError: undefined });
    completeSingleSignOn(taken).catch((failure: unknown) => {
      updateSession({ signInStatus: 'idle' });
      setError(describeIdentityError(failure));
    });
  }, []);
  return error;
};

/** "Use single sign-on": the work e-mail picks the company's identity provider. */
export const SsoSignInForm = ({ onBack }: { onBack: () => void }) => {
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useAuthForm({
    onEdit: () => setError(undefined),
    names: ['email'] as const,
    validators: { email: checkEmail },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    setIsSubmitting(true);
    try {
      const { authorizationUrl } = await startSingleSignOn(values.email.trim());
      window.location.assign(authorizationUrl);
    } catch (failure) {
      setIsSubmitting(false);
      setError(
        failure instanceof ApiError || failure instanceof Error ? failure.message : ssoMessages.byCode.failed,
      );
    }
  };

  return (
    <>
      {error && <AuthNotice kind="error" title={error} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Single sign-on">
        <fieldset disabled={isSubmitting}>
          <AuthField
            label="Work email"
            type="email"
            autoComplete="username"
            autoFocus
            {...form.fieldProps('email')}
          />
          <AuthButton type="submit" isBlock isBusy={isSubmitting}>
            Continue with single sign-on
          </AuthButton>
        </fieldset>
      </form>
      <div className="auth-links">
        <AuthButton variant="link" onClick={onBack}>
          Sign in with a password instead
        </AuthButton>
      </div>
    </>
  );
};
