import { messages } from '@cargodesk/shared';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { type FormEvent, useLayoutEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { hideTwoFactorQuery, retrySessionStart, twoFactorQuery } from '@/lib/auth/session.ts';
import { updateSession, useSession } from '@/lib/auth/session-store.ts';
import { describeIdentityError, getIdentity } from '@/lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { AuthButton, AuthField, AuthNotice, checkEmail, useAuthForm } from '../components/auth-form.tsx';
import { EmailLinkRequest } from '../components/email-link-request.tsx';
import { SsoSignInForm, ssoErrorMessage, useSsoCompletion } from '../components/sso-sign-in.tsx';
import { TwoFactorForm } from '../components/two-factor-form.tsx';

/** `?method=email-link`: the login page asks for a sign-in link instead (docs/decisions/023). */
const emailLinkMethod = 'email-link';

const emailLinkHref = (redirectTo: string | null) => {
  const query = new URLSearchParams({ method: emailLinkMethod });
  if (redirectTo) query.set(twoFactorQuery.redirect, redirectTo);
  return `${paths.login.path}?${query}`;
};

/**
 * The spec's notice sends the user to their Admin; an Admin whose whole company was suspended needs
 * another way, which the suspension mail to the company's Admins gives.
 */
const suspendedCompanyNextStep =
  'If you are your company’s Admin: when Cargodesk suspends a company it e-mails the reason to the company’s Admins. Reply to your Cargodesk contact to have it reactivated.';

const LoginForm = () => {
  const [searchParams] = useSearchParams();
  const { signInStatus, signInError, isLoggedIn, loadError } = useSession();
  // Single sign-on (docs/decisions/020-single-sign-on.md): the way back from the provider, or its refusal.
  const ssoCompletionError = useSsoCompletion();
  const [error, setError] = useState<string | undefined>(() =>
    ssoErrorMessage(searchParams.get('sso_error')),
  );
  const [isSso, setIsSso] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isBusy = isSubmitting || signInStatus === 'pending' || (isLoggedIn && !loadError);
  const form = useAuthForm({
    onEdit: () => {
      setError(undefined);
      if (signInError) updateSession({ signInError: undefined });
    },
    names: ['email', 'password'] as const,
    validators: {
      email: checkEmail,
      password: (value) => (value ? undefined : 'Please enter your password.'),
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    const values = await form.validateAll(event.currentTarget);
    if (!values) return;
    setError(undefined);
    setIsSubmitting(true);
    updateSession({ signInStatus: 'pending', signInError: undefined, loadError: undefined });
    try {
      // The identity listener takes it from here (docs/product.md §4): login call, two-factor or session.
      await signInWithEmailAndPassword(getIdentity(), values.email.trim(), values.password);
    } catch (signInFailure) {
      updateSession({ signInStatus: 'idle' });
      setError(describeIdentityError(signInFailure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const shownError = error ?? ssoCompletionError ?? signInError;
  if (isSso && !isBusy) return <SsoSignInForm onBack={() => setIsSso(false)} />;
  return (
    <>
      {shownError && (
        <AuthNotice kind="error" title={shownError}>
          {shownError === messages.accountSuspended && suspendedCompanyNextStep}
        </AuthNotice>
      )}
      {loadError && !shownError && (
        <AuthNotice
          kind="error"
          title={loadError}
          action={
            isLoggedIn ? (
              <AuthButton variant="default" onClick={() => void retrySessionStart()}>
                Try again
              </AuthButton>
            ) : undefined
          }
        />
      )}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <fieldset disabled={isBusy}>
          <AuthField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            {...form.fieldProps('email')}
          />
          <AuthField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...form.fieldProps('password')}
          />
          <AuthButton type="submit" isBlock isBusy={isBusy}>
            Sign in
          </AuthButton>
        </fieldset>
      </form>
      <AuthButton
        variant="default"
        isBlock
        disabled={isBusy}
        onClick={() => {
          setError(undefined);
          setIsSso(true);
        }}
      >
        Use single sign-on
      </AuthButton>
      <div className="auth-links">
        <Link to={paths.register.href()}>Create a company account</Link>
        <Link to={paths.forgotPassword.href()}>Forgot password?</Link>
        <Link to={emailLinkHref(searchParams.get(twoFactorQuery.redirect))}>Email me a sign-in link</Link>
      </div>
    </>
  );
};

/** docs/product.md §2 login (query: redirect_uri), and its two-factor step when the query asks for a mailed code. */
export const LoginRoute = () => {
  const [searchParams] = useSearchParams();
  const idToken = searchParams.get(twoFactorQuery.idToken);
  const isTwoFactor = Boolean(idToken) && searchParams.get(twoFactorQuery.mailCode) === 'true';
  // Before the first paint: the token never shows in the address bar.
  useLayoutEffect(() => {
    if (isTwoFactor) hideTwoFactorQuery();
  }, [isTwoFactor]);

  if (isTwoFactor && idToken) {
    return (
      <AuthCard title="Check your email">
        <TwoFactorForm idToken={idToken} emailId={searchParams.get(twoFactorQuery.emailId) ?? ''} />
      </AuthCard>
    );
  }
  if (searchParams.get('method') === emailLinkMethod) {
    return (
      <AuthCard title="Sign in by email link">
        <EmailLinkRequest />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in">
      <LoginForm />
    </AuthCard>
  );
};
