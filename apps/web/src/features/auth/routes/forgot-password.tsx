import { Alert, Button, Form, Input } from 'antd';
import { sendPasswordResetEmail } from 'firebase/auth';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** Asks the identity provider to mail a password-reset link (it opens /auth/action). */
export const ForgotPasswordRoute = () => {
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onFinish = async ({ email }: { email: string }) => {
    setError(undefined);
    setIsSubmitting(true);
    try {
      await sendPasswordResetEmail(getIdentity(), email.trim());
      setSentTo(email.trim());
    } catch (failure) {
      setError(describeIdentityError(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title="Check your inbox"
          description={`If an account exists for ${sentTo}, we have sent it a link to choose a new password. The link works once and expires in one hour.`}
        />
      ) : (
        <>
          <p>
            Enter the e-mail address you sign in with and we will send you a link to choose a new password.
          </p>
          {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
          <Form<{ email: string }> layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item
              label="Email"
              name="email"
              rules={[
                { required: true, message: 'Please enter your e-mail address.' },
                { type: 'email', message: 'Please enter a valid e-mail address.' },
              ]}
            >
              <Input autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={isSubmitting}>
              Send reset link
            </Button>
          </Form>
        </>
      )}
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to={paths.login.href()}>Back to sign in</Link>
      </p>
    </AuthCard>
  );
};
