// Types only from @cargodesk/shared: a value import would bring zod into the signed-out pages' bundle.
import type { TSsoErrorCode } from '@cargodesk/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { updateSession } from '@/lib/auth/session-store.ts';
import { completeSingleSignOn, startSingleSignOn, takeSsoAssertion } from '@/lib/auth/sso.ts';
import { describeIdentityError } from '@/lib/identity.ts';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from './auth-form.tsx';

/** Why the server sent the browser back to the login page (`?sso_error=`), in the product's words. */
const ssoErrorMessages: Record<TSsoErrorCode, string> = {
  failed: 'Single sign-on did not complete. Please try again.',
  expired: 'The single sign-on attempt expired or was already used. Please start again.',
  'other-browser':
    'This single sign-on was started in another browser. Please start again here, with “Use single sign-on”.',
  'outside-domains':
    'Your identity provider signed you in with an address this company has not set up for single sign-on.',
  'unverified-email': 'Your identity provider did not confirm that your e-mail address is verified.',
  'other-company':
    'This e-mail address belongs to a member of another company and cannot sign in through this identity provider.',
  'not-provisioned':
    'You have no Cargodesk account yet. Ask your company Admin to invite you, then sign in with single sign-on.',
  suspended: 'This account has been disabled. Please contact your Admin for assistance.',
  disabled: 'Single sign-on is turned off for your company. Sign in with your password.',
};

export const ssoErrorMessage = (code: string | null) =>
  code && Object.hasOwn(ssoErrorMessages, code) ? ssoErrorMessages[code as TSsoErrorCode] : undefined;

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
        failure instanceof ApiError || failure instanceof Error ? failure.message : ssoErrorMessages.failed,
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
