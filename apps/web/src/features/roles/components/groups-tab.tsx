import { PlusOutlined } from '@ant-design/icons';
import type { TGroup } from '@cargodesk/shared';
import { Alert, Button, Empty, Input, Popconfirm, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { type TGroupsQuery, useGroups } from '../api/get-groups.ts';
import { GroupModal, type TGroupModalState } from './group-modal.tsx';

const DeleteGroupButton = ({ group }: { group: TGroup }) => {
  const deleteGroup = useDeleteGroup();
  const onConfirm = async () => {
    try {
      await deleteGroup.mutateAsync({ groupId: group._id });
      notifySuccess(`Group "${group.name}" deleted`);
    } catch {
      // The query client's mutation default has shown why.
    }
  };
  return (
    <Popconfirm
      title={`Delete the ${group.name} group?`}
      description="Its members keep their accounts and roles. This cannot be undone."
      okText="Delete"
      okButtonProps={{ danger: true, loading: deleteGroup.isPending }}
      onConfirm={onConfirm}
    >
      <Button size="small" danger aria-label={`Delete group ${group.name}`}>
        Delete
      </Button>
    </Popconfirm>
  );
};

/** The company's groups: a paged, searchable list with create, edit and delete. */
export const GroupsTab = ({ canWrite }: { canWrite: boolean }) => {
  const [query, setQuery] = useState<TGroupsQuery>({ page: 1, pageSize: 20 });
  const [modal, setModal] = useState<TGroupModalState>();
  const groups = useGroups({ query });

  const onTableChange: TableProps<TGroup>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof single?.field === 'string' ? single.field : undefined;
    const sort = field && single?.order ? `${single.order === 'descend' ? '-' : ''}${field}` : undefined;
    setQuery((current) => ({
      ...current,
      page: sort === current.sort ? (pagination.current ?? 1) : 1,
      pageSize: pagination.pageSize ?? current.pageSize,
      sort,
    }));
  };
  const sortOrderOf = (field: string) =>
    query.sort === field ? ('ascend' as const) : query.sort === `-${field}` ? ('descend' as const) : null;

  const columns: TableProps<TGroup>['columns'] = [
    {
      title: 'Name',
      dataIndex: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (name: string, group) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => setModal({ mode: 'edit', groupId: group._id })}
        >
          {name}
        </Button>
      ),
    },
    { title: 'Description', dataIndex: 'description', ellipsis: true },
    {
      title: 'Members',
      dataIndex: 'memberCount',
      sorter: true,
      sortOrder: sortOrderOf('memberCount'),
      width: 140,
    },
    ...(canWrite
      ? [
          {
            title: 'Actions',
            key: 'actions',
            width: 110,
            // The confirmation's clicks bubble through React's tree to the row, which would open the group.
            render: (_: unknown, group: TGroup) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks reaching the row
              // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keyboard
              <span onClick={(event) => event.stopPropagation()}>
                <DeleteGroupButton group={group} />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div className="roles-toolbar">
        <Input.Search
          aria-label="Search groups"
          placeholder="Search groups"
          allowClear
          style={{ maxWidth: 320 }}
          onSearch={(value) => setQuery((current) => ({ ...current, page: 1, q: value.trim() || undefined }))}
        />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ mode: 'create' })}>
            Create group
          </Button>
        )}
      </div>
      {groups.error && (
        <Alert
          type="error"
          showIcon
          title={`The groups could not be loaded: ${toErrorMessage(groups.error)}`}
        />
      )}
      <Table<TGroup>
        rowKey="_id"
        columns={columns}
        dataSource={groups.data?.data ?? []}
        loading={groups.isFetching}
        onChange={onTableChange}
        onRow={(group) => ({
          onClick: () => setModal({ mode: 'edit', groupId: group._id }),
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: groups.data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          hideOnSinglePage: false,
        }}
        locale={{
          emptyText: (
            <Empty
              description={
                query.q
                  ? `No group matches "${query.q}"`
                  : 'No groups yet. Groups gather users, such as a team or a branch.'
              }
            />
          ),
        }}
      />
      {modal && <GroupModal state={modal} canWrite={canWrite} onClose={() => setModal(undefined)} />}
    </Space>
  );
};
