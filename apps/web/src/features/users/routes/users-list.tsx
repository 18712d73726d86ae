import { SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import type { TCompanyUser, TUserListQuery, TUserSortField, TUserStatus } from '@cargodesk/shared';
import { Button, Card, Empty, Input, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { paths } from '../../../config/paths.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { useRoleOptions } from '../api/get-role-options.ts';
import { useUsers } from '../api/get-users.ts';
import { formatDateTime } from '../components/format-date-time.ts';
import { InviteUserModal } from '../components/invite-user-modal.tsx';
import { UserStatusActions } from '../components/user-status-actions.tsx';
import { UserStatusTag, userStatusOptions } from '../components/user-status-tag.tsx';

const pageSize = 20;
const searchDelayMs = 300;

/** The value after it has stopped changing for `delayMs`: the list is asked for once typing pauses. */
const useDebounced = <T,>(value: T, delayMs: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};

type TSort = { field: TUserSortField; order: 'ascend' | 'descend' } | undefined;

const toSortParam = (sort: TSort): TUserListQuery['sort'] =>
  sort ? (`${sort.order === 'descend' ? '-' : ''}${sort.field}` as TUserListQuery['sort']) : undefined;

const UsersList = () => {
  const { user: currentUser } = useSession();
  const canWrite = useCan('users:write');

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TUserStatus>();
  const [roleId, setRoleId] = useState<string>();
  const [sort, setSort] = useState<TSort>();
  const [page, setPage] = useState(1);
  const [isInviting, setIsInviting] = useState(false);
  const q = useDebounced(search.trim(), searchDelayMs);

  // A new search or filter starts again on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => setPage(1), [q, status, roleId]);

  const query: TUserListQuery = {
    page,
    pageSize,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(roleId ? { roleId } : {}),
    ...(sort ? { sort: toSortParam(sort) } : {}),
  };
  const users = useUsers(query);
  const roles = useRoleOptions();
  const isFiltered = Boolean(q || status || roleId);

  const sortOrderOf = (field: TUserSortField) => (sort?.field === field ? sort.order : null);
  const columns: TableProps<TCompanyUser>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, user) => (
        <Link to={paths.settingsUserEdit.href({ id: user._id })}>
          {user.name || user.email}
          {user._id === currentUser?._id && ' (you)'}
        </Link>
      ),
    },
    { key: 'email', dataIndex: 'email', title: 'E-mail', sorter: true, sortOrder: sortOrderOf('email') },
    {
      key: 'roles',
      title: 'Roles',
      render: (_, user) =>
        user.roles.length > 0 ? (
          user.roles.map((role) => <Tag key={role._id}>{role.name}</Tag>)
        ) : (
          <Typography.Text type="secondary">None</Typography.Text>
        ),
    },
    {
      key: 'status',
      title: 'Status',
      sorter: true,
      sortOrder: sortOrderOf('status'),
      render: (_, user) => <UserStatusTag status={user.status} />,
    },
    {
      key: 'lastLoginAt',
      title: 'Last sign-in',
      sorter: true,
      sortOrder: sortOrderOf('lastLoginAt'),
      render: (_, user) =>
        formatDateTime(user.lastLoginAt) ?? (
          <Typography.Text type="secondary">
            {user.status === 'invited' ? `Invited ${formatDateTime(user.invitedAt) ?? ''}` : 'Never'}
          </Typography.Text>
        ),
    },
    {
      key: 'createdAt',
      title: 'Added',
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      responsive: ['lg'],
      render: (_, user) => new Date(user.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' }),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (_: unknown, user: TCompanyUser) => (
              <UserStatusActions user={user} isSelf={user._id === currentUser?._id} />
            ),
          },
        ]
      : []),
  ];

  const onTableChange: TableProps<TCompanyUser>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey as TUserSortField | undefined;
    const nextSort: TSort = field && single?.order ? { field, order: single.order } : undefined;
    if (toSortParam(nextSort) !== toSortParam(sort)) {
      setSort(nextSort);
      setPage(1);
      return;
    }
    setPage(pagination.current ?? 1);
  };

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Users
        </Typography.Title>
        {canWrite && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setIsInviting(true)}>
            Invite user
          </Button>
        )}
      </Space>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Find users">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by name or e-mail"
          aria-label="Search users"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 280 }}
        />
        <Select
          allowClear
          aria-label="Filter by role"
          placeholder="All roles"
          style={{ width: 180 }}
          value={roleId}
          onChange={(value?: string) => setRoleId(value)}
          loading={roles.isLoading}
          options={(roles.data ?? []).map((role) => ({ value: role._id, label: role.name }))}
          notFoundContent={roles.isError ? 'Roles could not be loaded' : undefined}
        />
        <Select
          allowClear
          aria-label="Filter by status"
          placeholder="All statuses"
          style={{ width: 160 }}
          value={status}
          onChange={(value?: TUserStatus) => setStatus(value)}
          options={userStatusOptions}
        />
      </Space>
      <QueryErrorAlert query={users} />
      <Table<TCompanyUser>
        rowKey="_id"
        columns={columns}
        dataSource={users.data?.data ?? []}
        loading={users.isFetching}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize,
          total: users.data?.meta.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (total) => `${total} ${total === 1 ? 'user' : 'users'}`,
        }}
        locale={{
          emptyText: users.isLoading ? (
            ' '
          ) : (
            <Empty
              description={
                isFiltered
                  ? 'No users match your search or filters.'
                  : 'No users yet. Invite your colleagues.'
              }
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      {canWrite && <InviteUserModal isOpen={isInviting} onClose={() => setIsInviting(false)} />}
    </Card>
  );
};

/** /settings/users: the company's people, searched, filtered, sorted and paged on the server. */
export const UsersListRoute = () => (
  <RequirePermission permission="users:read" title="Users" what="the users of your company">
    <UsersList />
  </RequirePermission>
);
