import { Alert, Card, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { GroupsTab } from '../components/groups-tab.tsx';
import { RoleModal, type TRoleModalState } from '../components/role-modal.tsx';
import { RolesTab } from '../components/roles-tab.tsx';
import './roles.css';

/** /settings/roles: the roles and groups of the company, with the role modal over it when a route opens one. */
const RolesPage = ({ roleModal }: { roleModal?: TRoleModalState }) => {
  const navigate = useNavigate();
  const granted = useSession().user?.permissions ?? [];
  const canReadRoles = granted.includes('roles:read');
  const canWriteRoles = granted.includes('roles:write');
  const canReadUsers = granted.includes('users:read');
  const canWriteUsers = granted.includes('users:write');

  const tabs = [
    ...(canReadRoles
      ? [{ key: 'roles', label: 'Roles', children: <RolesTab canWrite={canWriteRoles} /> }]
      : []),
    ...(canReadUsers
      ? [{ key: 'groups', label: 'Groups', children: <GroupsTab canWrite={canWriteUsers} /> }]
      : []),
  ];

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Roles
      </Typography.Title>
      {tabs.length > 0 ? (
        <Tabs items={tabs} />
      ) : (
        <Alert
          type="info"
          showIcon
          title="You may not see roles or groups: that needs the roles:read or users:read permission."
        />
      )}
      {roleModal && canReadRoles && (
        <RoleModal
          state={roleModal}
          canWrite={canWriteRoles}
          onClose={() => navigate(paths.settingsRoles.href())}
        />
      )}
    </Card>
  );
};

export const RolesRoute = () => <RolesPage />;

/** /accounts/roles/create/: the roles list with the create modal open. */
export const RoleCreateRoute = () => <RolesPage roleModal={{ mode: 'create' }} />;

/** /settings/roles/{id}: the roles list with the role's modal open. */
export const RoleEditRoute = () => {
  const { id = '' } = useParams();
  return <RolesPage roleModal={{ mode: 'edit', roleId: id }} />;
};
