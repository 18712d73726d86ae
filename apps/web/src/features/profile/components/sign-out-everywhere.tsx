import { Button, Popconfirm, Typography } from 'antd';
import { SettingsCard } from '@/components/settings-form.tsx';
import { paths } from '@/config/paths.ts';
import { logout } from '@/lib/auth/session.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { useRevokeAllSessions } from '../api/profile.ts';

/** Ends every session of the signed-in user, on every device, this one included. */
export const SignOutEverywhere = () => {
  const revoke = useRevokeAllSessions();

  const onConfirm = async () => {
    try {
      await revoke.mutateAsync();
    } catch {
      // The query client's mutation default has shown why.
      return;
    }
    await logout();
    navigateTo(paths.login.href(), { replace: true });
  };

  return (
    <SettingsCard title="Sessions">
      <Typography.Paragraph>
        Signed in on a device you no longer use, or on a shared computer? Sign out everywhere: every browser
        and device signed in to your account, this one included, has to sign in again.
      </Typography.Paragraph>
      <Popconfirm
        title="Sign out of all sessions?"
        description="Every device signed in to your account, this one included, will be signed out."
        okText="Sign out everywhere"
        okButtonProps={{ danger: true, loading: revoke.isPending }}
        cancelText="Cancel"
        onConfirm={onConfirm}
      >
        <Button danger>Sign out of all sessions</Button>
      </Popconfirm>
    </SettingsCard>
  );
};
