import { formatBytes, type TFileMeta } from '@cargodesk/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { useAttachableFiles } from '../api/mail.ts';

/** The newest of each content: the same file uploaded again for another mail is listed once. */
const newestOfEachContent = (files: TFileMeta[]) => {
  const seen = new Set<string>();
  return files.filter((file) => {
    if (seen.has(file.sha256)) return false;
    seen.add(file.sha256);
    return true;
  });
};

/** "Add existing file": searches the company's uploaded attachments and hands the chosen one over. */
export const ExistingFilePicker = ({
  attached,
  onPick,
}: {
  attached: TFileMeta[];
  onPick: (file: TFileMeta) => void;
}) => {
  const [search, setSearch] = useState('');
  // Nothing is asked of the server until the list is first opened.
  const [hasOpened, setHasOpened] = useState(false);
  const { data, isFetching } = useAttachableFiles(search.trim(), { enabled: hasOpened });
  // Newest first from the server, so the newest upload of a content is the one kept.
  const files = newestOfEachContent(data?.data ?? []);
  const attachedContents = new Set(attached.map((file) => file.sha256));

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
        label: `${file.name} (${formatBytes(file.size)})`,
        disabled: attachedContents.has(file.sha256),
      }))}
    />
  );
};
