import { Alert, Button, Form, Input } from 'antd';
import { createUserWithEmailAndPassword, deleteUser } from 'firebase/auth';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { establishSession, setRegistering } from '../../../lib/auth/session.ts';
import { registerCompany } from '../../../lib/auth/session-api.ts';
import { getSession, updateSession, useSession } from '../../../lib/auth/session-store.ts';
import { describeIdentityError, getIdentity } from '../../../lib/identity.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { passwordPolicyRule } from '../components/password-rule.ts';

type TRegisterValues = {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

/**
 * The limits of the shared ZRegisterCompanyRequest, which the server enforces. Restated here rather
 * than parsed with zod: building zod schemas probes for eval, which the page's CSP reports.
 */
const lengthRule = (label: string, { min, max }: { min: number; max: number }) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    const length = (value ?? '').trim().length;
    if (length === 0) throw new Error(`${label} is required`);
    if (length < min) throw new Error(`${label} must be at least ${min} characters`);
    if (length > max) throw new Error(`${label} must be at most ${max} characters`);
  },
});

/** The named route `register`: a new company with its first user, who then verifies the e-mail. */
export const RegisterRoute = () => {
  const navigate = useNavigate();
  const { signInStatus, signInError } = useSession();
  const [error, setError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onFinish = async ({ companyName, firstName, lastName, email, password }: TRegisterValues) => {
    setError(undefined);
    setIsSubmitting(true);
    updateSession({ signInError: undefined });
    const identity = getIdentity();
    setRegistering(true);
    try {
      const { user } = await createUserWithEmailAndPassword(identity, email.trim(), password);
      let jwt: string | undefined;
      try {
        // The server creates the company, its first user and session, and mails the verification link.
        ({ jwt } = await registerCompany({
          idToken: await user.getIdToken(),
          companyName,
          firstName,
          lastName,
        }));
      } catch (failure) {
        // Without its company the identity account is useless; remove it so the e-mail can be used again.
        await deleteUser(user).catch(() => undefined);
        throw failure;
      }
      if (!jwt) throw new Error('The server did not start a session for the new account.');
      updateSession({ isEmailVerified: user.emailVerified });
      await establishSession(jwt);
      if (getSession().isLoggedIn) navigate(paths.dashboard.href(), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : describeIdentityError(failure));
    } finally {
      setRegistering(false);
      setIsSubmitting(false);
    }
  };

  const shownError = error ?? (signInStatus === 'failed' ? signInError : undefined);
  return (
    <AuthCard title="Create your company account">
      {shownError && (
        <Alert type="error" showIcon title={shownError} role="alert" style={{ marginBottom: 16 }} />
      )}
      <Form<TRegisterValues>
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        disabled={isSubmitting}
      >
        <Form.Item
          label="Company name"
          name="companyName"
          rules={[lengthRule('Company name', { min: 2, max: 120 })]}
        >
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item
          label="First name"
          name="firstName"
          rules={[lengthRule('First name', { min: 1, max: 80 })]}
        >
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[lengthRule('Last name', { min: 1, max: 80 })]}>
          <Input autoComplete="family-name" />
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, message: 'Please enter your e-mail address.' },
            { type: 'email', message: 'Please enter a valid e-mail address.' },
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[passwordPolicyRule]} validateDebounce={300}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSubmitting}>
          Create account
        </Button>
      </Form>
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        Already have an account? <Link to={paths.login.href()}>Sign in</Link>
      </p>
    </AuthCard>
  );
};
