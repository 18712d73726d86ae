import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Space, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryButton } from '@/components/history/history-drawer.tsx';
import { RecordPlaceholder } from '@/components/record-placeholder.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { useUser } from '../api/users.ts';
import { UserAccessCard } from '../components/user-access-card.tsx';
import { UserApiTokensCard } from '../components/user-api-tokens-card.tsx';
import { type TProfileSection, UserProfileSlot } from '../components/user-profile-slot.tsx';
import { UserStatusActions } from '../components/user-status-actions.tsx';
import { UserStatusTag } from '../components/user-status-tag.tsx';

const BackToUsers = () => (
  <Link to={paths.settingsUsers.href()}>
    <ArrowLeftOutlined /> All users
  </Link>
);

/**
 * /settings/users/{id} (user-edit): the user's profile (the profile feature's form, mounted by the
 * app through `ProfileSection`), and the admin's part: roles, groups and status.
 */
export const createUserEditRoute = ({ ProfileSection }: { ProfileSection?: TProfileSection } = {}) => {
  const UserEditRoute = () => {
    const { formatDateTime } = useFormat();
    const { id = '' } = useParams();
    const navigate = useNavigate();
    const { user: currentUser } = useSession();
    const canWrite = useCan('users:write');
    const user = useUser(id);

    if (user.isPending || user.isError)
      return (
        <RecordPlaceholder
          error={user.error}
          noun="user"
          missingText="This user does not exist in your company, or was deleted."
          missingStatuses={[400, 404]}
          back={<BackToUsers />}
        />
      );

    const shown = user.data;
    const isSelf = shown._id === currentUser?._id;
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <BackToUsers />
        <Card>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <div>
              <Typography.Title level={2} style={{ margin: 0 }}>
                {shown.name || shown.email}
              </Typography.Title>
              <Typography.Text type="secondary">{shown.email}</Typography.Text>
            </div>
            <Space>
              <UserStatusTag status={shown.status} />
              <HistoryButton
                entityType="user"
                entityId={shown._id}
                title={`History of ${shown.name || shown.email}`}
              />
            </Space>
          </Space>
        </Card>
        <UserProfileSlot user={shown} ProfileSection={ProfileSection} />
        <UserAccessCard key={shown.updatedAt} user={shown} canEdit={canWrite} />
        {canWrite && <UserApiTokensCard user={shown} />}
        <Card title="Status" size="small">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'status', label: 'Status', children: <UserStatusTag status={shown.status} /> },
              {
                key: 'lastLoginAt',
                label: 'Last sign-in',
                children: formatDateTime(shown.lastLoginAt) ?? 'Never',
              },
              ...(shown.invitedAt
                ? [{ key: 'invitedAt', label: 'Invited', children: formatDateTime(shown.invitedAt) }]
                : []),
              { key: 'createdAt', label: 'Added', children: formatDateTime(shown.createdAt) },
            ]}
          />
          {shown.status === 'suspended' && (
            <Alert
              type="warning"
              showIcon
              title="This user is suspended: they cannot sign in until reactivated."
              style={{ margin: '12px 0' }}
            />
          )}
          {canWrite && (
            <div style={{ marginTop: 12 }}>
              <UserStatusActions
                user={shown}
                isSelf={isSelf}
                size="middle"
                onDeleted={() => navigate(paths.settingsUsers.href(), { replace: true })}
              />
            </div>
          )}
          {canWrite && isSelf && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              You cannot suspend or delete your own account.
            </Typography.Paragraph>
          )}
        </Card>
      </Space>
    );
  };
  return UserEditRoute;
};
