import { UserAddOutlined } from '@ant-design/icons';
import type { TCompanyUser, TUserListQuery, TUserSortField, TUserStatus } from '@cargodesk/shared';
import { Button, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClippedText } from '@/components/clipped-text.tsx';
import { ListFilterSelects, loadedOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useRoleOptions } from '../api/access-options.ts';
import { getUsers, useDeleteUsers, useReactivateUsers, useSuspendUsers, useUsers } from '../api/users.ts';
import { InviteUserModal } from '../components/invite-user-modal.tsx';
import { UserStatusActions } from '../components/user-status-actions.tsx';
import { UserStatusTag, userStatusLabels, userStatusOptions } from '../components/user-status-tag.tsx';

type TUserFilters = { status: TUserStatus; roleId: string };
// Spelled out rather than imported: shared's values would bring zod, which the page's CSP refuses.
const sortFields: readonly TUserSortField[] = ['name', 'email', 'status', 'createdAt', 'lastLoginAt'];
const statuses = Object.keys(userStatusLabels) as TUserStatus[];

const roleOption = (role: { _id: string; name: string }) => ({ value: role._id, label: role.name });

const UsersList = () => {
  const { formatDate, formatDateTime } = useFormat();
  const { user: currentUser } = useSession();
  const canWrite = useCan('users:write');
  const [isInviting, setIsInviting] = useState(false);
  const list = useListState<TUserFilters, TUserSortField>({
    filters: { status: oneOf(statuses), roleId: anyText },
    sortFields,
  });
  const query = list.query as TUserListQuery;
  const users = useUsers(query);
  const roles = useRoleOptions();
  const filters: TListFilter<TUserFilters>[] = [
    {
      name: 'roleId',
      by: 'role',
      placeholder: 'All roles',
      width: 180,
      ...loadedOptions(roles, 'Roles could not be loaded', (roles.data ?? []).map(roleOption)),
    },
    { name: 'status', by: 'status', placeholder: 'All statuses', width: 160, options: userStatusOptions },
  ];
  const suspendUsers = useSuspendUsers();
  const reactivateUsers = useReactivateUsers();
  const deleteUsers = useDeleteUsers();

  const columns: TableProps<TCompanyUser>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, user) => (
        <ClippedText text={`${user.name || user.email}${user._id === currentUser?._id ? ' (you)' : ''}`}>
          <Link to={paths.settingsUserEdit.href({ id: user._id })}>
            {user.name || user.email}
            {user._id === currentUser?._id && ' (you)'}
          </Link>
        </ClippedText>
      ),
    },
    {
      key: 'email',
      title: 'Email',
      sorter: true,
      render: (_, user) => <ClippedText text={user.email} />,
    },
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
      render: (_, user) => <UserStatusTag status={user.status} />,
    },
    {
      key: 'lastLoginAt',
      title: 'Last sign-in',
      sorter: true,
      render: (_, user) =>
        (user.lastLoginAt && <time dateTime={user.lastLoginAt}>{formatDateTime(user.lastLoginAt)}</time>) ?? (
          <Typography.Text type="secondary">
            {user.status === 'invited' ? `Invited ${formatDateTime(user.invitedAt) ?? ''}` : 'Never'}
          </Typography.Text>
        ),
    },
    {
      key: 'createdAt',
      title: 'Added',
      sorter: true,
      responsive: ['lg'],
      render: (_, user) => <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>,
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

  return (
    <>
      <ListPage<TCompanyUser, TUserFilters, TUserSortField>
        title="Users"
        actions={
          canWrite && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setIsInviting(true)}>
              Invite user
            </Button>
          )
        }
        search={{ label: 'Search users', placeholder: 'Search by name or email', regionLabel: 'Find users' }}
        filters={<ListFilterSelects list={list} filters={filters} />}
        list={list}
        query={users}
        columns={columns}
        noun={{ one: 'user', other: 'users' }}
        empty={{
          unfiltered: 'No users yet. Invite your colleagues.',
        }}
        notAllowed={{ what: 'the users of your company' }}
        hideOnSinglePage
        bulk={
          canWrite
            ? {
                rowLabel: (user) => user.name || user.email,
                // Nobody suspends themselves (the server refuses it too).
                isSelectable: (user) => user._id !== currentUser?._id,
                actions: [
                  {
                    label: 'Suspend',
                    isDanger: true,
                    confirm: {
                      title: (count) => `Suspend ${count} ${count === 1 ? 'user' : 'users'}?`,
                      description: 'They are signed out at once and cannot sign in until reactivated.',
                      okText: 'Suspend',
                    },
                    run: async (picked) => {
                      const suspended = await suspendUsers.mutateAsync({
                        ids: picked.map((user) => user._id),
                      });
                      notifySuccess(
                        `${suspended.length} ${suspended.length === 1 ? 'user is' : 'users are'} suspended`,
                      );
                    },
                  },
                  {
                    label: 'Reactivate',
                    run: async (picked) => {
                      const suspended = picked.filter((user) => user.status === 'suspended');
                      await reactivateUsers.mutateAsync(suspended.map((user) => user._id));
                      notifySuccess(
                        suspended.length === 0
                          ? 'None of them is suspended'
                          : `${suspended.length} ${suspended.length === 1 ? 'user' : 'users'} can sign in again`,
                      );
                    },
                  },
                  {
                    label: 'Delete',
                    isDanger: true,
                    confirm: {
                      title: (count) => `Delete ${count} ${count === 1 ? 'user' : 'users'}?`,
                      description:
                        'Their accounts and sign-ins are removed; their history stays. This cannot be undone.',
                      okText: 'Delete',
                    },
                    run: async (picked) => {
                      const deleted = await deleteUsers.mutateAsync(picked.map((user) => user._id));
                      notifySuccess(`${deleted.length} ${deleted.length === 1 ? 'user' : 'users'} deleted`);
                    },
                  },
                ],
              }
            : undefined
        }
        export={{
          fileName: 'users.csv',
          fetchPage: (page) => getUsers({ ...query, ...page }),
          columns: [
            { title: 'Name', value: (user) => user.name },
            { title: 'Email', value: (user) => user.email },
            { title: 'Roles', value: (user) => user.roles.map((role) => role.name).join(', ') },
            { title: 'Status', value: (user) => user.status },
            { title: 'Last sign-in', value: (user) => user.lastLoginAt },
            { title: 'Invited', value: (user) => user.invitedAt },
            { title: 'Added', value: (user) => user.createdAt },
          ],
        }}
      />
      {canWrite && <InviteUserModal isOpen={isInviting} onClose={() => setIsInviting(false)} />}
    </>
  );
};

/** /settings/users: the company's people, searched, filtered, sorted and paged on the server. */
export const UsersListRoute = () => (
  <RequirePermission permission="users:read" title="Users" what="the users of your company">
    <UsersList />
  </RequirePermission>
);
