import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's Delete, the same everywhere: a small red link that asks before it deletes. `label` names
 * the row for screen readers ("Delete group Night shift"), `question` is what the confirmation asks.
 */
export const ConfirmDeleteButton = ({
  label,
  question,
  description,
  isPending = false,
  onConfirm,
}: {
  label: string;
  question: string;
  description?: ReactNode;
  isPending?: boolean;
  onConfirm: () => unknown;
}) => (
  <Popconfirm
    title={question}
    description={description}
    okText="Delete"
    okButtonProps={{ danger: true, loading: isPending }}
    onConfirm={onConfirm}
  >
    <Button type="link" size="small" danger loading={isPending} aria-label={label}>
      Delete
    </Button>
  </Popconfirm>
);
