import { Alert, Button, Form, Input, Modal } from 'antd';
import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { useState } from 'react';
import { PasswordChecklist } from '@/components/password-checklist.tsx';
import { SettingsCard } from '@/components/settings-form.tsx';
import { paths } from '@/config/paths.ts';
import { requestSignInLink } from '@/lib/auth/email-link.ts';
import { checkPassword } from '@/lib/auth/password-rule.ts';
import { renewAppSession } from '@/lib/auth/session.ts';
import { confirmSignIn } from '@/lib/auth/session-api.ts';
import { passwordFieldTexts } from '@/lib/forms/password-fields.ts';
import { describeIdentityError, getIdentity, identityErrorCode } from '@/lib/identity.ts';
import { notifySuccess } from '@/lib/notify.ts';

type TPasswordFields = { newPassword: string; confirmPassword: string };

export const passwordChangedMessage = 'Your password has been changed.';

/** The identity provider refused the change: a two-factor company's sign-in not confirmed (decision 042). */
export const needsTwoFactorSignInMessage =
  'Your company requires two-factor sign-in. Sign out, sign in again with the emailed code, then change your password.';

/** Asked again for the current password: a sign-in too old, or one the app has not vouched for. */
const needsReauthentication = new Set(['auth/requires-recent-login', 'auth/admin-restricted-operation']);

/**
 * Changes the signed-in user's password through the identity SDK. A sign-in older than the
 * provider allows answers auth/requires-recent-login: the user confirms the current password
 * (re-authentication) and the change is tried again; so does a two-factor company's sign-in the app
 * has not vouched for (docs/decisions/042), which the re-authentication's confirmation then covers.
 * The change ends every app session, so this tab opens a new one with the fresh identity tokens.
 */
export const ChangePassword = () => {
  const [form] = Form.useForm<TPasswordFields>();
  const [reauthForm] = Form.useForm<{ currentPassword: string }>();
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [pendingPassword, setPendingPassword] = useState<string>();
  const [reauthError, setReauthError] = useState<string>();
  const [isReauthenticating, setIsReauthenticating] = useState(false);
  const [linkSentTo, setLinkSentTo] = useState<string>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';

  const onChanged = () => {
    form.resetFields();
    notifySuccess(passwordChangedMessage);
  };

  const onSubmit = async ({ newPassword }: TPasswordFields) => {
    const user = getIdentity().currentUser;
    if (!user) {
      setError('Your sign-in has ended. Please sign in again.');
      return;
    }
    setError(undefined);
    setIsSaving(true);
    try {
      await updatePassword(user, newPassword);
      await renewAppSession(user);
      onChanged();
    } catch (caught) {
      if (needsReauthentication.has(identityErrorCode(caught) ?? '')) {
        setPendingPassword(newPassword);
      } else {
        setError(describeIdentityError(caught));
      }
    } finally {
      setIsSaving(false);
    }
  };

  /**
   * An account that signed in only by link has no current password to confirm: a fresh link sign-in
   * is just as recent, and brings the user back here to set one (docs/decisions/023).
   */
  const onSendLink = async () => {
    const email = getIdentity().currentUser?.email;
    if (!email) return;
    setReauthError(undefined);
    try {
      await requestSignInLink(email, paths.settingsProfile.href());
      setLinkSentTo(email);
    } catch (caught) {
      setReauthError(describeIdentityError(caught));
    }
  };

  const closeReauth = () => {
    setPendingPassword(undefined);
    setLinkSentTo(undefined);
    setReauthError(undefined);
    reauthForm.resetFields();
  };

  const onReauthenticate = async ({ currentPassword }: { currentPassword: string }) => {
    const user = getIdentity().currentUser;
    if (!user?.email || !pendingPassword) return;
    setReauthError(undefined);
    setIsReauthenticating(true);
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      // The re-authentication is a new sign-in: for a two-factor company the identity provider takes
      // the change only once this app session, which the emailed code opened, vouches for it. A
      // company without two-factor needs no such word, so a failure here is left to the change.
      const unconfirmed = await confirmSignIn(await user.getIdToken()).then(
        () => undefined,
        (error: unknown) => error,
      );
      await updatePassword(user, pendingPassword).catch((error: unknown) => {
        const isRefused = identityErrorCode(error) === 'auth/admin-restricted-operation';
        throw isRefused && unconfirmed instanceof Error ? unconfirmed : error;
      });
      await renewAppSession(user);
      closeReauth();
      onChanged();
    } catch (caught) {
      setReauthError(
        identityErrorCode(caught) === 'auth/admin-restricted-operation'
          ? needsTwoFactorSignInMessage
          : describeIdentityError(caught),
      );
    } finally {
      setIsReauthenticating(false);
    }
  };

  return (
    <SettingsCard title="Change password">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onSubmit(values)}
        style={{ maxWidth: 420 }}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = await checkPassword(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <PasswordChecklist password={newPassword} />
        <Form.Item
          label={passwordFieldTexts.repeatLabel}
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: passwordFieldTexts.repeatRequired },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (value && value !== getFieldValue('newPassword')) {
                  throw new Error(passwordFieldTexts.mismatch);
                }
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          Change password
        </Button>
      </Form>
      <Modal
        open={pendingPassword !== undefined}
        title="Confirm it is you"
        okText="Confirm and change password"
        onOk={() => reauthForm.submit()}
        okButtonProps={{ loading: isReauthenticating }}
        onCancel={closeReauth}
        destroyOnHidden
      >
        <p>For your security, enter your current password to change it.</p>
        {reauthError && (
          <Alert type="error" showIcon title={reauthError} style={{ marginBottom: 16 }} role="alert" />
        )}
        <Form
          form={reauthForm}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void onReauthenticate(values)}
        >
          <Form.Item
            label="Current password"
            name="currentPassword"
            rules={[{ required: true, message: 'Please enter your current password.' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        </Form>
        {linkSentTo ? (
          <Alert
            type="success"
            showIcon
            title={`We sent a sign-in link to ${linkSentTo}. Open it, then set your password here.`}
          />
        ) : (
          <p>
            No password yet?{' '}
            <Button type="link" style={{ padding: 0 }} onClick={() => void onSendLink()}>
              Email me a sign-in link
            </Button>
          </p>
        )}
      </Modal>
    </SettingsCard>
  );
};
