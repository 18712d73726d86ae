import type { TCompanyUser } from '@cargodesk/shared';
import { Card, Descriptions } from 'antd';
import type { ComponentType } from 'react';

/**
 * The profile part of /settings/users/{id} (docs/product.md §2: user-edit reuses the profile screen). The
 * profile feature's form is mounted here by the app (features do not import each other): pass it
 * to `createUserEditRoute({ ProfileSection })` in app/router.tsx. Until then a read-only summary shows.
 */
export type TProfileSection = ComponentType<{ userId: string }>;

export const UserProfileSlot = ({
  user,
  ProfileSection,
}: {
  user: TCompanyUser;
  ProfileSection?: TProfileSection | undefined;
}) => {
  if (ProfileSection) return <ProfileSection userId={user._id} />;
  return (
    <Card title="Profile" size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: 'Name', children: user.name || '—' },
          { key: 'email', label: 'Email', children: user.email },
          { key: 'phone', label: 'Phone', children: user.phone || '—' },
        ]}
      />
    </Card>
  );
};
