import { Card, Tabs, Typography } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { GroupsTab } from '../components/groups-tab.tsx';
import { RoleModal, type TRoleModalState } from '../components/role-modal.tsx';
import { RolesTab } from '../components/roles-tab.tsx';
import './roles.css';

/**
 * /settings/roles: the roles and groups of the company, with the role modal over it when a route
 * opens one. The tab is in the URL (`?tab=groups`) beside the shown list's search, sort and page;
 * only the shown tab is mounted, so the two lists never read each other's.
 */
const RolesScreen = ({ roleModal }: { roleModal?: TRoleModalState }) => {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const listSearch = searchParams.size > 0 ? `?${searchParams}` : '';
  const canReadRoles = useCan('roles:read');
  const canWriteRoles = useCan('roles:write');
  const canReadUsers = useCan('users:read');
  const canWriteUsers = useCan('users:write');

  const tabs = [
    ...(canReadRoles
      ? [{ key: 'roles', label: 'Roles', children: <RolesTab canWrite={canWriteRoles} /> }]
      : []),
    ...(canReadUsers
      ? [{ key: 'groups', label: 'Groups', children: <GroupsTab canWrite={canWriteUsers} /> }]
      : []),
  ];

  const requestedTab = searchParams.get('tab');
  const activeTab = tabs.find((tab) => tab.key === requestedTab)?.key ?? tabs[0]?.key;
  // Another tab starts with its list afresh: no search or page carries over.
  const onTabChange = (key: string) => setSearchParams(key === tabs[0]?.key ? {} : { tab: key });

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Roles
      </Typography.Title>
      <Tabs items={tabs} activeKey={activeTab} onChange={onTabChange} destroyOnHidden />
      {roleModal && canReadRoles && (
        <RoleModal
          state={roleModal}
          canWrite={canWriteRoles}
          onClose={() => navigate(`${paths.settingsRoles.href()}${listSearch}`)}
        />
      )}
    </Card>
  );
};

// Roles and groups are two tabs, each with its own permission: either opens the screen.
const RolesPage = ({ roleModal }: { roleModal?: TRoleModalState }) => (
  <RequirePermission permission={['roles:read', 'users:read']} title="Roles" what="roles or groups">
    <RolesScreen {...(roleModal ? { roleModal } : {})} />
  </RequirePermission>
);

export const RolesRoute = () => <RolesPage />;

/** The navigation state that starts a new role as a copy of another (the list's Duplicate). */
export type TRoleCreateState = { copyOf: string };

/** /accounts/roles/create/: the roles list with the create modal open, perhaps from a copy. */
export const RoleCreateRoute = () => {
  const copyOf = (useLocation().state as Partial<TRoleCreateState> | null)?.copyOf;
  return <RolesPage roleModal={{ mode: 'create', copyOf }} />;
};

/** /settings/roles/{id}: the roles list with the role's modal open. */
export const RoleEditRoute = () => {
  const { id = '' } = useParams();
  return <RolesPage roleModal={{ mode: 'edit', roleId: id }} />;
};
