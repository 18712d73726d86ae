import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { applyActionCode, confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { passwordPolicyRule } from '../components/password-rule.ts';

// Action codes are single-use: remember each check so a second render (StrictMode) reuses its outcome.
const checks = new Map<string, Promise<string>>();
const checkOnce = (key: string, check: () => Promise<string>) => {
  let pending = checks.get(key);
  if (!pending) {
    pending = check();
    checks.set(key, pending);
  }
  return pending;
};

type TCheck = { state: 'checking' } | { state: 'done'; value: string } | { state: 'failed'; message: string };

const useActionCheck = (key: string, check: () => Promise<string>) => {
  const [result, setResult] = useState<TCheck>({ state: 'checking' });
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

const SignInLink = () => (
  <Link to={paths.login.href()}>
    <Button type="primary">Go to sign in</Button>
  </Link>
);

const VerifyEmail = ({ oobCode }: { oobCode: string }) => {
  const result = useActionCheck(`verify:${oobCode}`, async () => {
    await applyActionCode(getIdentity(), oobCode);
    return '';
  });
  if (result.state === 'checking') return <Spin description="Verifying your e-mail address…" />;
  if (result.state === 'failed')
    return <Result status="error" title={result.message} extra={<SignInLink />} />;
  return (
    <Result
      status="success"
      title="Your e-mail address is verified"
      subTitle="Sign in to continue to Cargodesk."
      extra={<SignInLink />}
    />
  );
};

const ResetPassword = ({ oobCode }: { oobCode: string }) => {
  const result = useActionCheck(`reset:${oobCode}`, () => verifyPasswordResetCode(getIdentity(), oobCode));
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  if (result.state === 'checking') return <Spin description="Checking the link…" />;
  if (result.state === 'failed') {
    return (
      <Result
        status="error"
        title={result.message}
        extra={
          <Link to={paths.forgotPassword.href()}>
            <Button type="primary">Ask for a new link</Button>
          </Link>
        }
      />
    );
  }
  if (isDone) {
    return (
      <Result
        status="success"
        title="Your password has been changed"
        subTitle="Sign in with your new password."
        extra={<SignInLink />}
      />
    );
  }

  const onFinish = async ({ password }: { password: string }) => {
    setError(undefined);
    setIsSubmitting(true);
    try {
      await confirmPasswordReset(getIdentity(), oobCode, password);
      setIsDone(true);
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <p>
        Choose a new password for <strong>{result.value}</strong>.
      </p>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      <Form<{ password: string; confirmation: string }>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
      >
        <Form.Item label="New password" name="password" rules={[passwordPolicyRule]} validateDebounce={300}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Repeat the new password"
          name="confirmation"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value !== getFieldValue('password')) throw new Error('The two passwords do not match.');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSubmitting}>
          Save new password
        </Button>
      </Form>
    </>
  );
};

/** Where the identity provider's e-mails lead (DESIGN §5): verify an address or reset a password. */
export const AuthActionRoute = () => {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode') ?? '';

  if (mode === 'verifyEmail' && oobCode) {
    return (
      <AuthCard title="Verify your e-mail">
        <VerifyEmail oobCode={oobCode} />
      </AuthCard>
    );
  }
  if (mode === 'resetPassword' && oobCode) {
    return (
      <AuthCard title="Choose a new password">
        <ResetPassword oobCode={oobCode} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="This link is not valid">
      <Result
        status="warning"
        title="The link is incomplete. Please open it again from the e-mail."
        extra={<SignInLink />}
      />
    </AuthCard>
  );
};
