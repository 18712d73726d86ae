import { groupSortFields, type TGroup, type TGroupSortField } from '@cargodesk/shared';
import { Button, type TableProps } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { RowActions } from '@/components/row-actions.tsx';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { getGroups, type TGroupsQuery, useDeleteGroup, useGroups } from '../api/groups.ts';
import { AccessList } from './access-list.tsx';
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
    <ConfirmDeleteButton
      label={`Delete group ${group.name}`}
      question={`Delete the ${group.name} group?`}
      description="Its members keep their accounts and roles. This cannot be undone."
      isPending={deleteGroup.isPending}
      onConfirm={onConfirm}
    />
  );
};

/** The company's groups, searched, sorted and paged on the server, with create, edit and delete. */
export const GroupsTab = ({ canWrite }: { canWrite: boolean }) => {
  const list = useListState<Record<string, never>, TGroupSortField>({
    filters: {},
    sortFields: groupSortFields,
  });
  const query = list.query as TGroupsQuery;
  const groups = useGroups({ query });
  const [modal, setModal] = useState<TGroupModalState>();

  const columns: TableProps<TGroup>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, group) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={(event) => {
            event.stopPropagation();
            setModal({ mode: 'edit', groupId: group._id });
          }}
        >
          {group.name}
        </Button>
      ),
    },
    { key: 'description', title: 'Description', dataIndex: 'description', ellipsis: true },
    { key: 'memberCount', title: 'Members', dataIndex: 'memberCount', sorter: true, width: 140 },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: 'Actions',
            width: 110,
            render: (_: unknown, group: TGroup) => (
              <RowActions>
                <DeleteGroupButton group={group} />
              </RowActions>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <AccessList<TGroup, TGroupSortField>
        canWrite={canWrite}
        onCreate={() => setModal({ mode: 'create' })}
        list={list}
        query={groups}
        columns={columns}
        noun={{ one: 'group', other: 'groups' }}
        empty={{
          filtered: 'No group matches your search.',
          unfiltered: 'No groups yet. Groups gather users, such as a team or a branch.',
        }}
        notAllowed={{ what: 'the groups of your company' }}
        onOpenRow={(group) => setModal({ mode: 'edit', groupId: group._id })}
        export={{
          fileName: 'groups.csv',
          fetchPage: (page) => getGroups({ ...query, ...page }),
          columns: [
            { title: 'Name', value: (group) => group.name },
            { title: 'Description', value: (group) => group.description },
            { title: 'Members', value: (group) => group.memberCount },
            { title: 'Added', value: (group) => group.createdAt },
          ],
        }}
      />
      {modal && <GroupModal state={modal} canWrite={canWrite} onClose={() => setModal(undefined)} />}
    </>
  );
};
