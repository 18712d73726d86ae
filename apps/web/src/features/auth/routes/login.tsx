import { Alert, Button, Form, Input } from 'antd';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { retrySessionStart, twoFactorQuery } from '../../../lib/auth/session.ts';
import { updateSession, useSession } from '../../../lib/auth/session-store.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TwoFactorForm } from '../components/two-factor-form.tsx';

type TLoginValues = { email: string; password: string };

const LoginForm = () => {
  const { signInStatus, signInError, isLoggedIn, loadError } = useSession();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isBusy = isSubmitting || signInStatus === 'pending' || (isLoggedIn && !loadError);

  const onFinish = async ({ email, password }: TLoginValues) => {
    setError(undefined);
    setIsSubmitting(true);
    updateSession({ signInStatus: 'pending', signInError: undefined, loadError: undefined });
    try {
      // The identity listener takes it from here (spec §4): login call, two-factor or session.
      await signInWithEmailAndPassword(getIdentity(), email.trim(), password);
    } catch (signInFailure) {
      updateSession({ signInStatus: 'idle' });
      setError(describeIdentityError(signInFailure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const shownError = error ?? signInError;
  return (
    <>
      {shownError && (
        <Alert type="error" title={shownError} showIcon style={{ marginBottom: 16 }} role="alert" />
      )}
      {loadError && !shownError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          role="alert"
          title={loadError}
          action={
            isLoggedIn ? (
              <Button size="small" onClick={() => void retrySessionStart()}>
                Try again
              </Button>
            ) : undefined
          }
        />
      )}
      <Form<TLoginValues> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={isBusy}>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your e-mail address.' },
            { type: 'email', message: 'Please enter a valid e-mail address.' },
          ]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: 'Please enter your password.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isBusy}>
          Sign in
        </Button>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to={paths.register.href()}>Create a company account</Link>
        <Link to={paths.forgotPassword.href()}>Forgot password?</Link>
      </div>
    </>
  );
};

/** Spec §2 login (query: redirect_uri), and its two-factor step when the query asks for a mailed code. */
export const LoginRoute = () => {
  const [searchParams] = useSearchParams();
  const idToken = searchParams.get(twoFactorQuery.idToken);
  const isTwoFactor = Boolean(idToken) && searchParams.get(twoFactorQuery.mailCode) === 'true';

  if (isTwoFactor && idToken) {
    return (
      <AuthCard title="Check your e-mail">
        <TwoFactorForm idToken={idToken} emailId={searchParams.get(twoFactorQuery.emailId) ?? ''} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in">
      <LoginForm />
    </AuthCard>
  );
};
