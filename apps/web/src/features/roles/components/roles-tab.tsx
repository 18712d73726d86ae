import { permissions, roleSortFields, type TRole, type TRoleSortField } from '@cargodesk/shared';
import { Button, Space, type TableProps, Tag } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { RowActions } from '@/components/row-actions.tsx';
import { paths } from '@/config/paths.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { getRoles, type TRolesQuery, useRoles } from '../api/roles.ts';
import { AccessList } from './access-list.tsx';
import { DeleteRoleButton } from './delete-role-button.tsx';

const describePermissions = (role: TRole) =>
  role.permissions.length === permissions.length
    ? 'All'
    : `${role.permissions.length} of ${permissions.length}`;

/** The company's roles, searched, sorted and paged on the server; a row opens the role modal. */
export const RolesTab = ({ canWrite }: { canWrite: boolean }) => {
  const navigate = useNavigate();
  // The role's address keeps the list's search, sort and page, so closing the modal returns to them.
  const { search } = useLocation();
  const roleHref = (role: TRole) => `${paths.roleEdit.href({ id: role._id })}${search}`;
  const list = useListState<Record<string, never>, TRoleSortField>({
    filters: {},
    sortFields: roleSortFields,
  });
  const query = list.query as TRolesQuery;
  const roles = useRoles(query);

  const columns: TableProps<TRole>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, role) => (
        <Link to={roleHref(role)} onClick={(event) => event.stopPropagation()}>
          {role.name}
        </Link>
      ),
    },
    { key: 'description', title: 'Description', dataIndex: 'description', ellipsis: true },
    { key: 'permissions', title: 'Permissions', width: 130, render: (_, role) => describePermissions(role) },
    { key: 'userCount', title: 'Users', dataIndex: 'userCount', sorter: true, width: 100 },
    {
      key: 'type',
      title: 'Type',
      width: 120,
      render: (_, role) => (role.isSystem ? <Tag color="blue">System</Tag> : <Tag>Custom</Tag>),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: 'Actions',
            width: 170,
            render: (_: unknown, role: TRole) => (
              <RowActions>
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`Duplicate role ${role.name}`}
                    onClick={() =>
                      navigate(`${paths.roleCreate.href()}${search}`, { state: { copyOf: role._id } })
                    }
                  >
                    Duplicate
                  </Button>
                  {!role.isSystem && <DeleteRoleButton role={role} isOnRow />}
                </Space>
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <AccessList<TRole, TRoleSortField>
      canWrite={canWrite}
      onCreate={() => navigate(`${paths.roleCreate.href()}${search}`)}
      list={list}
      query={roles}
      columns={columns}
      noun={{ one: 'role', other: 'roles' }}
      empty={{ filtered: 'No role matches your search.' }}
      notAllowed={{ what: 'the roles of your company' }}
      onOpenRow={(role) => navigate(roleHref(role))}
      export={{
        fileName: 'roles.csv',
        fetchPage: (page) => getRoles({ ...query, ...page }),
        columns: [
          { title: 'Name', value: (role) => role.name },
          { title: 'Description', value: (role) => role.description },
          { title: 'Type', value: (role) => (role.isSystem ? 'System' : 'Custom') },
          { title: 'Users', value: (role) => role.userCount },
          { title: 'Permissions', value: (role) => role.permissions.join(' ') },
        ],
      }}
    />
  );
};
