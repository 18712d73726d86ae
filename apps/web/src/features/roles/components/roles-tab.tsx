import { PlusOutlined } from '@ant-design/icons';
import { permissions, type TRole } from '@cargodesk/shared';
import { Alert, Button, Empty, Table, type TableProps, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { useRoles } from '../api/get-roles.ts';

/** The company's roles; a row opens the role modal at /settings/roles/{id}. */
export const RolesTab = ({ canWrite }: { canWrite: boolean }) => {
  const navigate = useNavigate();
  const roles = useRoles();

  const columns: TableProps<TRole>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, role) => (
        <Link to={paths.roleEdit.href({ id: role._id })} onClick={(event) => event.stopPropagation()}>
          {name}
        </Link>
      ),
    },
    { title: 'Description', dataIndex: 'description', ellipsis: true },
    {
      title: 'Permissions',
      key: 'permissions',
      width: 130,
      render: (_: unknown, role) =>
        role.permissions.length === permissions.length
          ? 'All'
          : `${role.permissions.length} of ${permissions.length}`,
    },
    { title: 'Users', dataIndex: 'userCount', width: 100 },
    {
      title: 'Type',
      key: 'type',
      width: 120,
      render: (_: unknown, role) => (role.isSystem ? <Tag color="blue">System</Tag> : <Tag>Custom</Tag>),
    },
  ];

  return (
    <>
      {canWrite && (
        <div className="roles-toolbar roles-toolbar--end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(paths.roleCreate.href())}>
            Create role
          </Button>
        </div>
      )}
      {roles.error && (
        <Alert
          type="error"
          showIcon
          title={`The roles could not be loaded: ${toErrorMessage(roles.error)}`}
        />
      )}
      <Table<TRole>
        rowKey="_id"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isLoading}
        pagination={false}
        onRow={(role) => ({
          onClick: () => navigate(paths.roleEdit.href({ id: role._id })),
          style: { cursor: 'pointer' },
        })}
        locale={{ emptyText: <Empty description="No roles yet" /> }}
      />
    </>
  );
};
