import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Flex,
  List,
  Pagination,
  Popconfirm,
  Spin,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { type TDuplicateGroup, useDuplicateGroups, useMergeContacts } from '../api/contacts.ts';

const reasonLabels = { email: 'Same e-mail', taxNumber: 'Same tax number' } as const;
const groupsPerPage = 20;

/** One group: the oldest contact is kept, and each other one can be merged into it. */
const DuplicateGroup = ({ group, canWrite }: { group: TDuplicateGroup; canWrite: boolean }) => {
  const { formatDate } = useFormat();
  const merge = useMergeContacts();
  const [kept, ...others] = group.contacts;
  if (!kept) return null;
  return (
    <Card size="small" title={`${reasonLabels[group.reason]}: ${group.value}`} style={{ marginBottom: 12 }}>
      <List
        size="small"
        dataSource={group.contacts}
        renderItem={(contact) => (
          <List.Item
            actions={
              canWrite && contact._id !== kept._id
                ? [
                    <Popconfirm
                      key="merge"
                      title={`Merge ${contact.name} into ${kept.name}?`}
                      description="Its e-mails, phones, addresses, tags and people move over; then it is deleted."
                      okText="Merge"
                      onConfirm={() =>
                        merge.mutate(
                          { keptId: kept._id, duplicateId: contact._id },
                          { onSuccess: () => notifySuccess(`${contact.name} merged into ${kept.name}`) },
                        )
                      }
                    >
                      <Button
                        size="small"
                        loading={merge.isPending}
                        aria-label={`Merge ${contact.name} into ${kept.name}`}
                      >
                        Merge into first
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Flex vertical>
              <Link to={paths.contactDetail.href({ id: contact._id })}>{contact.name}</Link>
              <Typography.Text type="secondary">
                {[contact.email, contact.taxNumber, `added ${formatDate(contact.createdAt)}`]
                  .filter(Boolean)
                  .join(' · ')}
                {contact._id === kept._id && others.length > 0 ? ' · kept when merging' : ''}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
};

/** Contacts that share an e-mail or a tax number, grouped, with a merge for each. */
export const DuplicatesDrawer = ({
  isOpen,
  canWrite,
  onClose,
}: {
  isOpen: boolean;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const [page, setPage] = useState(1);
  const groups = useDuplicateGroups(page, isOpen);
  const data = groups.data ?? [];
  return (
    <Drawer title="Possible duplicates" open={isOpen} onClose={onClose} size="large" destroyOnHidden>
      <p>Contacts that share an e-mail address or a tax number. Merging keeps the one added first.</p>
      {groups.isError && <Alert type="error" showIcon title={toErrorMessage(groups.error)} />}
      {groups.isLoading ? (
        <Spin />
      ) : data.length === 0 && page === 1 ? (
        <Empty description="No possible duplicates." />
      ) : (
        <>
          {data.map((group) => (
            <DuplicateGroup key={`${group.reason}:${group.value}`} group={group} canWrite={canWrite} />
          ))}
          <Pagination
            simple
            current={page}
            pageSize={groupsPerPage}
            // The server does not count the groups: a full page means there may be another.
            total={
              data.length === groupsPerPage
                ? page * groupsPerPage + 1
                : (page - 1) * groupsPerPage + data.length
            }
            onChange={setPage}
          />
        </>
      )}
    </Drawer>
  );
};
