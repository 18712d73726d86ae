import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { continuePathOf, isEmailSignInLink, readSignInEmail, signInWithLink } from '@/lib/auth/email-link.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { describeIdentityError, identityErrorCode } from '@/lib/identity.ts';
import {
  AuthButton,
  AuthField,
  AuthNotice,
  AuthProgress,
  AuthResult,
  checkEmail,
  useAuthForm,
} from './auth-form.tsx';

type TStage = 'asking' | 'signing-in' | 'failed';

/** Links are single-use: a second render (StrictMode) must not spend the same link twice. */
const attempts = new Map<string, Promise<void>>();

const signInOnce = (email: string, href: string) => {
  const key = `${email}\n${href}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = signInWithLink(email, href);
    attempts.set(key, attempt);
    // A failed attempt may be tried again with a corrected address.
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
};

/**
 * /auth/action?mode=signIn: the mailed sign-in link. On the device that asked for it the address is
 * remembered and the sign-in starts at once; elsewhere the page asks for the address first. The
 * identity listener then opens the app session (or asks for the two-factor code), as after a
 * password sign-in, and the page continues to where the link was asked for.
 */
export const EmailLinkSignIn = () => {
  const href = window.location.href;
  const isLink = isEmailSignInLink(href);
  // The route's loader has signed out whoever was signed in here (docs/product.md §2), as for
  // every mailed link: the link signs in its own account.
  const remembered = useRef(readSignInEmail());
  const [stage, setStage] = useState<TStage>(remembered.current ? 'signing-in' : 'asking');
  const [error, setError] = useState<string>();
  const { isLoggedIn, signInStatus, signInError } = useSession();
  const navigate = useNavigate();
  const form = useAuthForm({
    names: ['email'] as const,
    validators: { email: checkEmail },
    onEdit: () => setError(undefined),
  });

  const start = (email: string) => {
    setStage('signing-in');
    setError(undefined);
    signInOnce(email, href).catch((failure: unknown) => {
      // The server refuses an address the link was not sent to without spending the link.
      setError(
        identityErrorCode(failure) === 'auth/invalid-email'
          ? 'This link was sent to another email address. Enter the address you asked for the link with.'
          : describeIdentityError(failure),
      );
      setStage(remembered.current === email ? 'failed' : 'asking');
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the remembered address.
  useEffect(() => {
    if (isLink && remembered.current) start(remembered.current);
  }, []);

  useEffect(() => {
    if (stage !== 'signing-in') return;
    if (isLoggedIn) navigate(continuePathOf(href) ?? paths.dashboard.path, { replace: true });
    else if (signInStatus === 'failed') {
      setError(signInError ?? 'Signing in did not work. Please try again.');
      setStage('failed');
    }
  }, [stage, isLoggedIn, signInStatus, signInError, navigate, href]);

  const askAgain = (
    <AuthButton onClick={() => navigate(`${paths.login.path}?method=email-link`)}>
      Ask for a new link
    </AuthButton>
  );

  if (!isLink) {
    return (
      <AuthResult
        kind="warning"
        title="The link is incomplete. Please open it again from the email."
        extra={askAgain}
      />
    );
  }
  if (stage === 'signing-in') return <AuthProgress>Signing you in…</AuthProgress>;
  if (stage === 'failed')
    return <AuthResult kind="error" title={error ?? 'The link did not work.'} extra={askAgain} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = await form.validateAll(event.currentTarget);
    if (values) start(values.email.trim().toLowerCase());
  };

  return (
    <>
      <p>
        You opened the link on another device or browser. To finish signing in, confirm the email address the
        link was sent to.
      </p>
      {error && <AuthNotice kind="error" title={error} />}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <AuthField
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          {...form.fieldProps('email')}
        />
        <AuthButton type="submit" isBlock>
          Sign in
        </AuthButton>
      </form>
    </>
  );
};
