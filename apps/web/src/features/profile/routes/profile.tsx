import { Space, Typography } from 'antd';
import { HistoryButton } from '@/components/history/history-drawer.tsx';
import { useSession } from '@/lib/auth/session-store.ts';
import { ChangePassword } from '../components/change-password.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SignOutEverywhere } from '../components/sign-out-everywhere.tsx';

/** /settings/profile (docs/product.md §2): the signed-in user's own profile, password and sessions. */
export const ProfileRoute = () => {
  const { user } = useSession();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          My profile
        </Typography.Title>
        {user && <HistoryButton entityType="user" entityId={user._id} title="My history" />}
      </Space>
      <ProfileForm />
      <ChangePassword />
      <SignOutEverywhere />
    </Space>
  );
};
