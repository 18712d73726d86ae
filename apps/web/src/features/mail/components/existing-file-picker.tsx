import type { TFileMeta } from '@cargodesk/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { useAttachableFiles } from '../api/mail.ts';

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${Math.round(bytes / 104858) / 10} MB`;

/** "Add existing file": searches the company's uploaded attachments and hands the chosen one over. */
export const ExistingFilePicker = ({
  attachedIds,
  onPick,
}: {
  attachedIds: string[];
  onPick: (file: TFileMeta) => void;
}) => {
  const [search, setSearch] = useState('');
  // Nothing is asked of the server until the list is first opened.
  const [hasOpened, setHasOpened] = useState(false);
  const { data, isFetching } = useAttachableFiles(search.trim(), { enabled: hasOpened });
  const files = data?.data ?? [];

  return (
    <Select<string>
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      aria-label="Add existing file"
      placeholder="Add existing file"
      value={null}
      style={{ minWidth: 260 }}
      loading={isFetching}
      onOpenChange={(isOpen) => {
        if (isOpen) setHasOpened(true);
        else setSearch('');
      }}
      onSelect={(id) => {
        const file = files.find((candidate) => candidate._id === id);
        if (file) onPick(file);
        setSearch('');
      }}
      notFoundContent={isFetching ? 'Searching…' : 'No files found'}
      options={files.map((file) => ({
        value: file._id,
        label: `${file.name} (${sizeOf(file.size)})`,
        disabled: attachedIds.includes(file._id),
      }))}
    />
  );
};
