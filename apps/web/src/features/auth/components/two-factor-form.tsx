import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { paths } from '../../../config/paths.ts';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { establishSession, logout } from '../../../lib/auth/session.ts';
import { resendTwoFactorCode, submitTwoFactorCode } from '../../../lib/auth/session-api.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { getIdentity } from '../../../lib/identity.ts';
import { navigateTo } from '../../../lib/navigation.ts';

const sixDigits = /^\d{6}$/;

/** The freshest identity token: the signed-in user's if there is one, else the one the query carried. */
const currentIdToken = async (fallback: string) =>
  (await getIdentity().currentUser?.getIdToken()) ?? fallback;

/** The two-factor step of spec §2: the code mailed to the user, exchanged for the session. */
export const TwoFactorForm = ({ idToken, emailId }: { idToken: string; emailId: string }) => {
  const { isLoggedIn, loadError } = useSession();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isResending, setIsResending] = useState(false);

  const onFinish = async ({ code }: { code: string }) => {
    setError(undefined);
    setNotice(undefined);
    setIsSubmitting(true);
    try {
      const reply = await submitTwoFactorCode({ idToken: await currentIdToken(idToken), code: code.trim() });
      if (!reply.jwt) throw new Error('The server did not accept the code.');
      // The session effects finish the start-up and leave the login route (spec §4 step 5).
      await establishSession(reply.jwt);
    } catch (failure) {
      setError(toErrorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const onResend = async () => {
    setError(undefined);
    setNotice(undefined);
    setIsResending(true);
    try {
      await resendTwoFactorCode(await currentIdToken(idToken));
      setNotice(`A new code is on its way to ${emailId}.`);
    } catch (failure) {
      setError(toErrorMessage(failure));
    } finally {
      setIsResending(false);
    }
  };

  const onUseAnotherAccount = async () => {
    await logout();
    navigateTo(paths.login.href(), { replace: true });
  };

  return (
    <>
      <p>
        We have sent a 6-digit sign-in code to <strong>{emailId}</strong>. Enter it below to continue.
      </p>
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
      {loadError && (
        <Alert type="error" showIcon title={loadError} role="alert" style={{ marginBottom: 16 }} />
      )}
      {notice && <Alert type="success" showIcon title={notice} role="status" style={{ marginBottom: 16 }} />}
      <Form<{ code: string }> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="Sign-in code"
          name="code"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                // The shape ZCodeAuthRequest checks on the server; zod itself stays out of the login bundle.
                if (!sixDigits.test((value ?? '').trim()))
                  throw new Error('Please enter the 6-digit code from the e-mail.');
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isSubmitting || (isLoggedIn && !loadError)}>
          Verify code
        </Button>
      </Form>
      <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }} wrap>
        <Button type="link" onClick={onResend} loading={isResending} style={{ paddingInline: 0 }}>
          Send a new code
        </Button>
        <Button type="link" onClick={onUseAnotherAccount} style={{ paddingInline: 0 }}>
          Use another account
        </Button>
      </Space>
    </>
  );
};
