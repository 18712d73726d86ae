import { Space, Typography } from 'antd';
import { ChangePassword } from '../components/change-password.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { SignOutEverywhere } from '../components/sign-out-everywhere.tsx';

/** /settings/profile (spec §2): the signed-in user's own profile, password and sessions. */
export const ProfileRoute = () => (
  <Space orientation="vertical" size="large" style={{ width: '100%' }}>
    <Typography.Title level={2} style={{ margin: 0 }}>
      My profile
    </Typography.Title>
    <ProfileForm />
    <ChangePassword />
    <SignOutEverywhere />
  </Space>
);
