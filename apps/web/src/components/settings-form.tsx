import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { HistoryButton, type THistoryProps } from './history/history-drawer.tsx';
import { UnsavedMark } from './unsaved-changes.tsx';

// The parts every settings form is built of (company details, single sign-on, a profile): a card
// with its heading and History button, fields side by side, and the Save row.

/** A card of a settings page: its heading, and the History button of what it edits. */
export const SettingsCard = ({
  id,
  title,
  history,
  children,
}: {
  id?: string;
  title: ReactNode;
  history?: THistoryProps;
  children: ReactNode;
}) => (
  <Card
    id={id}
    title={<h3 style={{ margin: 0, fontSize: 16 }}>{title}</h3>}
    extra={history && <HistoryButton {...history} />}
  >
    {children}
  </Card>
);

/** Fields side by side while they fit, one under another on a phone. */
export const FieldGrid = ({ children }: { children: ReactNode }) => (
  <div
    style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', columnGap: 16 }}
  >
    {children}
  </div>
);

/**
 * A settings form's submit button, "Not saved yet" beside it while the form differs from what was
 * saved (for a form that tracks it), then the form's other actions.
 */
export const SaveRow = ({
  label,
  isSaving,
  isChanged,
  children,
}: {
  label: string;
  isSaving: boolean;
  isChanged?: boolean;
  children?: ReactNode;
}) => (
  <Space size="middle" wrap>
    <Button type="primary" htmlType="submit" loading={isSaving}>
      {label}
    </Button>
    {isChanged !== undefined && <UnsavedMark isChanged={isChanged} />}
    {children}
  </Space>
);
