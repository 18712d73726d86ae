import type { TIssue } from '@cargodesk/shared';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { notifySuccess } from '@/lib/notify.ts';
import { useAssigneeOptions, useUpdateIssue } from '../api/issues.ts';

/**
 * Who works on the issue, for those who manage the company's issues: an active colleague found by
 * name or e-mail, or nobody. The server refuses anyone outside the company.
 */
export const AssigneePicker = ({ issue }: { issue: TIssue }) => {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [isOpen, setIsOpen] = useState(false);
  const users = useAssigneeOptions(deferredSearch, { enabled: isOpen });
  const update = useUpdateIssue(issue._id);
  const current = issue.assignee ? [{ value: issue.assignee._id, label: issue.assignee.name }] : [];
  const found = (users.data?.data ?? [])
    .filter((user) => user._id !== issue.assignee?._id)
    .map((user) => ({ value: user._id, label: user.name || user.email }));

  return (
    <Select
      aria-label="Assignee"
      allowClear
      showSearch
      filterOption={false}
      placeholder="Assign to…"
      style={{ minWidth: 220 }}
      value={issue.assignee?._id}
      options={[...current, ...found]}
      loading={users.isFetching || update.isPending}
      notFoundContent={users.isError ? 'Colleagues could not be loaded' : 'No active colleague by that name'}
      onSearch={setSearch}
      onOpenChange={setIsOpen}
      onChange={(assigneeId?: string) =>
        void update
          .mutateAsync({ assigneeId: assigneeId ?? null })
          .then((saved) =>
            notifySuccess(saved.assignee ? `Assigned to ${saved.assignee.name}` : 'Nobody is assigned now'),
          )
      }
    />
  );
};
