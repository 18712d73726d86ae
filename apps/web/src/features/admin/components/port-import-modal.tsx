import { UploadOutlined } from '@ant-design/icons';
import type { TPortImport } from '@cargodesk/shared';
import { Alert, Button, Checkbox, Modal, Space, Statistic, Table, Tabs, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useDecidePortImport, useUploadPortImport } from '../api/port-import.ts';

type TShownPort = TPortImport['added'][number];

const point = (port: { latitude: number | null; longitude: number | null }) =>
  port.latitude === null || port.longitude === null
    ? '—'
    : `${port.latitude.toFixed(3)}, ${port.longitude.toFixed(3)}`;

const portColumns = [
  { key: 'code', dataIndex: 'code', title: 'Code' },
  { key: 'name', dataIndex: 'name', title: 'Name' },
  { key: 'point', title: 'Coordinates', render: (_: unknown, port: TShownPort) => point(port) },
];

/**
 * Imports the official UN/LOCODE CodeList CSV: the server checks it and shows what would change;
 * nothing is written until the admin applies the reviewed differences.
 */
type TImportProblem = { line: number; message: string };

/** The row-by-row reasons the server gives for a file it rejected outright. */
const problemsOf = (error: unknown): TImportProblem[] => {
  const details =
    error instanceof ApiError ? (error.details as { problems?: unknown } | undefined) : undefined;
  return Array.isArray(details?.problems) ? (details.problems as TImportProblem[]) : [];
};

export const PortImportModal = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const upload = useUploadPortImport();
  const decide = useDecidePortImport();
  const [preview, setPreview] = useState<TPortImport>();
  const [failure, setFailure] = useState<{
    message: string;
    problems: { line: number; message: string }[];
  }>();
  const [keepOutOfCountry, setKeepOutOfCountry] = useState(false);

  const reset = () => {
    setPreview(undefined);
    setFailure(undefined);
    setKeepOutOfCountry(false);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    reset();
    try {
      setPreview(await upload.mutateAsync(file));
    } catch (error) {
      setFailure({ message: toErrorMessage(error), problems: problemsOf(error) });
    }
  };

  const onDecide = async (apply: boolean) => {
    if (!preview) return;
    try {
      await decide.mutateAsync({ id: preview._id, apply, keepOutOfCountry });
      notifySuccess(apply ? 'The port catalogue was updated' : 'The import was discarded');
      reset();
      onClose();
    } catch (error) {
      setFailure({ message: toErrorMessage(error), problems: [] });
    }
  };

  const summary = preview?.summary;
  return (
    <Modal
      title="Import UN/LOCODE ports"
      open={isOpen}
      width={900}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={
        preview
          ? [
              <Button key="discard" onClick={() => void onDecide(false)} loading={decide.isPending}>
                Discard
              </Button>,
              <Button
                key="apply"
                type="primary"
                onClick={() => void onDecide(true)}
                loading={decide.isPending}
              >
                Apply changes
              </Button>,
            ]
          : null
      }
      destroyOnHidden
    >
      <Typography.Paragraph>
        Choose the CodeList CSV file from UNECE. Its sea ports are compared with the catalogue every company
        uses; you review the differences before anything changes.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        {/* The file is read here and sent by onFile: nothing uploads on its own. */}
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          maxCount={1}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            void onFile(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            Choose the CodeList CSV file
          </Button>
        </Upload>
        {preview && <Typography.Text type="secondary">{preview.fileName}</Typography.Text>}
      </Space>
      {upload.isPending && <Typography.Paragraph>Checking the file…</Typography.Paragraph>}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure.message}
          description={
            failure.problems.length > 0 && (
              <ul>
                {failure.problems.slice(0, 20).map((problem) => (
                  <li key={problem.line}>
                    Line {problem.line} {problem.message}
                  </li>
                ))}
              </ul>
            )
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {preview && summary && (
        <section aria-label="Differences">
          <Space size="large" wrap style={{ marginBottom: 16 }}>
            <Statistic title="New" value={summary.added} />
            <Statistic title="Changed" value={summary.changed} />
            <Statistic title="Retired" value={summary.retired} />
            <Statistic title="Outside their country" value={summary.outOfCountry} />
            <Statistic title="Unchanged" value={summary.unchanged} />
            <Statistic title="Rows skipped" value={summary.problems} />
          </Space>
          <Tabs
            items={[
              {
                key: 'added',
                label: `New (${summary.added})`,
                children: (
                  <Table rowKey="code" size="small" columns={portColumns} dataSource={preview.added} />
                ),
              },
              {
                key: 'changed',
                label: `Changed (${summary.changed})`,
                children: (
                  <Table
                    rowKey="code"
                    size="small"
                    dataSource={preview.changed}
                    columns={[
                      { key: 'code', dataIndex: 'code', title: 'Code' },
                      { key: 'fields', title: 'What changes', render: (_, entry) => entry.fields.join(', ') },
                      {
                        key: 'before',
                        title: 'Now',
                        render: (_, entry) => `${entry.before.name} (${point(entry.before)})`,
                      },
                      {
                        key: 'after',
                        title: 'From the file',
                        render: (_, entry) => `${entry.after.name} (${point(entry.after)})`,
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'retired',
                label: `Retired (${summary.retired})`,
                children: (
                  <Table
                    rowKey="code"
                    size="small"
                    dataSource={preview.retired}
                    columns={[
                      { key: 'code', dataIndex: 'code', title: 'Code' },
                      { key: 'name', dataIndex: 'name', title: 'Name' },
                    ]}
                  />
                ),
              },
              {
                key: 'outOfCountry',
                label: `Outside their country (${summary.outOfCountry})`,
                children: (
                  <>
                    <Checkbox
                      checked={keepOutOfCountry}
                      onChange={(event) => setKeepOutOfCountry(event.target.checked)}
                    >
                      Keep these coordinates anyway (otherwise these ports are imported without coordinates)
                    </Checkbox>
                    <Table
                      rowKey="code"
                      size="small"
                      columns={portColumns}
                      dataSource={preview.outOfCountry}
                    />
                  </>
                ),
              },
              {
                key: 'problems',
                label: `Rows skipped (${summary.problems})`,
                children: (
                  <Table
                    rowKey="line"
                    size="small"
                    dataSource={preview.problems}
                    columns={[
                      { key: 'line', dataIndex: 'line', title: 'Line' },
                      { key: 'message', dataIndex: 'message', title: 'Problem' },
                    ]}
                  />
                ),
              },
            ]}
          />
        </section>
      )}
    </Modal>
  );
};
