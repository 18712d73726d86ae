import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  contactImportFieldLabels,
  contactImportFields,
  contactImportRules,
  type TContactImportField,
  type TContactImportPreview,
  type TContactImportResult,
  toCsv,
} from '@cargodesk/shared';
import {
  Alert,
  Button,
  Flex,
  Modal,
  Progress,
  Select,
  Space,
  Spin,
  Statistic,
  Steps,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { downloadCsv } from '@/lib/list/export-csv.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { usePreviewImport, useRunImport } from '../api/contacts.ts';
import { isWorkbook, workbookAsCsv, workbookTypes } from '../workbook-as-csv.ts';

type TColumn = TContactImportField | '';

/** Sizes and counts as the import's messages write them, in the user's number format. */
const counting = ({ formatNumber }: TFormatter) => ({
  formatBytes: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`
      : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`,
  count: (value: number, one: string, other: string) => `${formatNumber(value)} ${value === 1 ? one : other}`,
});

const fieldOptions = [
  { value: '', label: 'Skip this column' },
  ...contactImportFields.map((field) => ({ value: field, label: contactImportFieldLabels[field] })),
];

/** The refused rows as a file to fix and import again: the original columns, then line and reason. */
const downloadRefused = (preview: TContactImportPreview, result: TContactImportResult, fileName: string) =>
  downloadCsv(
    `${fileName.replace(/\.[^.]+$/, '')}-refused.csv`,
    toCsv({
      header: [...preview.headers, 'Line', 'Why it was refused'],
      rows: result.refused.map((row) => [
        ...preview.headers.map((_, index) => row.cells[index] ?? ''),
        row.line,
        row.reason,
      ]),
    }),
  );

/** Import from a CSV: choose the file, map its columns, try it, then import. */
export const ImportModal = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const format = useFormat();
  const { formatNumber } = format;
  const { formatBytes, count } = counting(format);
  const previewImport = usePreviewImport();
  const runImport = useRunImport();
  /** The CSV sent: the chosen file, or the first sheet of a chosen workbook. */
  const [file, setFile] = useState<File>();
  const [isFromWorkbook, setIsFromWorkbook] = useState(false);
  const [preview, setPreview] = useState<TContactImportPreview>();
  const [columns, setColumns] = useState<TColumn[]>([]);
  const [tried, setTried] = useState<TContactImportResult>();
  const [failure, setFailure] = useState<string>();
  /** Rows the server has worked through in the running check or import. */
  const [rowsDone, setRowsDone] = useState(0);
  const step = tried ? 2 : preview ? 1 : 0;

  const reset = () => {
    setFile(undefined);
    setPreview(undefined);
    setColumns([]);
    setTried(undefined);
    setFailure(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onFile = async (chosen: File) => {
    reset();
    if (chosen.size > contactImportRules.maxBytes) {
      setFailure(
        `${chosen.name} is ${formatBytes(chosen.size)}; files up to ${formatBytes(contactImportRules.maxBytes)} can be imported. Split it into smaller files.`,
      );
      return;
    }
    setIsFromWorkbook(isWorkbook(chosen));
    try {
      const csv = isWorkbook(chosen) ? await workbookAsCsv(chosen) : chosen;
      setFile(csv);
      const read = await previewImport.mutateAsync(csv);
      setPreview(read);
      setColumns(read.columns);
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  const run = async (isDryRun: boolean) => {
    if (!file) return;
    setFailure(undefined);
    setRowsDone(0);
    try {
      const result = await runImport.mutateAsync({
        file,
        columns,
        isDryRun,
        onProgress: (progress) => setRowsDone(progress.rows),
      });
      if (isDryRun) {
        setTried(result);
        return;
      }
      notifySuccess(
        `${count(result.created, 'contact', 'contacts')} added, ${formatNumber(result.updated)} updated${
          result.refusedCount > 0 ? `, ${formatNumber(result.refusedCount)} refused` : ''
        }`,
      );
      close();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  const setColumn = (index: number, field: TColumn) => {
    setTried(undefined);
    // A field goes to one column: choosing it here takes it from the column that had it.
    setColumns((current) =>
      current.map((value, at) => (at === index ? field : value === field ? '' : value)),
    );
  };

  const isBusy = previewImport.isPending || runImport.isPending;
  const rowCount = preview?.rowCount ?? 0;
  const busyText = previewImport.isPending
    ? `Reading ${file?.name ?? 'the file'} (${formatBytes(file?.size ?? 0)})…`
    : `${runImport.variables?.isDryRun ? 'Checking' : 'Importing'} ${
        rowsDone > 0 ? `${formatNumber(rowsDone)} of ` : ''
      }${count(rowCount, 'row', 'rows')}…`;

  return (
    <Modal
      title="Import contacts"
      open={isOpen}
      onCancel={close}
      width={920}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button onClick={close}>Cancel</Button>
          {preview && (
            <Button
              onClick={() => void run(true)}
              disabled={isBusy}
              loading={runImport.isPending && runImport.variables?.isDryRun}
            >
              {tried ? 'Check again' : 'Check the file'}
            </Button>
          )}
          {tried && (
            <Button
              type="primary"
              onClick={() => void run(false)}
              disabled={isBusy || tried.created + tried.updated === 0}
              loading={runImport.isPending && !runImport.variables?.isDryRun}
            >
              Import {count(tried.created + tried.updated, 'contact', 'contacts')}
            </Button>
          )}
        </Flex>
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: 'Choose a file' }, { title: 'Match the columns' }, { title: 'Check and import' }]}
      />
      <Typography.Paragraph>
        A CSV file with a header line, saved from any spreadsheet, or an Excel workbook (.xlsx), whose first
        sheet is read. Rows with the e-mail or tax number of a contact you have update that contact; the
        others are added. Nothing changes until you import.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        {/* The file is read here and sent by onFile: nothing uploads on its own. */}
        <Upload
          accept={`.csv,text/csv,text/plain,${workbookTypes}`}
          showUploadList={false}
          maxCount={1}
          disabled={isBusy}
          beforeUpload={(chosen) => {
            void onFile(chosen);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={isBusy}>
            {file ? 'Choose another file' : 'Choose the CSV or Excel file'}
          </Button>
        </Upload>
        {file && preview && (
          <Typography.Text type="secondary">
            {file.name} · {count(preview.rowCount, 'row', 'rows')} ·{' '}
            {isFromWorkbook ? 'Excel workbook, first sheet' : preview.encoding}
          </Typography.Text>
        )}
      </Space>
      {isBusy && (
        <div style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" role="status">
            <Spin size="small" /> {busyText}
          </Flex>
          {runImport.isPending && rowCount > 0 && (
            <Progress
              percent={Math.floor((rowsDone / rowCount) * 100)}
              aria-label={`${runImport.variables?.isDryRun ? 'Checked' : 'Imported'} so far`}
            />
          )}
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {preview && !tried && (
        <Table
          size="small"
          rowKey="index"
          pagination={false}
          scroll={{ x: 600 }}
          dataSource={preview.headers.map((header, index) => ({ header, index }))}
          columns={[
            {
              key: 'header',
              title: 'Column in the file',
              render: (_, row) => row.header || `Column ${row.index + 1}`,
            },
            {
              key: 'sample',
              title: 'First values',
              render: (_, row) => (
                <Typography.Text type="secondary">
                  {preview.sample
                    .map((cells) => cells[row.index] ?? '')
                    .filter(Boolean)
                    .slice(0, 3)
                    .join(' · ')}
                </Typography.Text>
              ),
            },
            {
              key: 'field',
              title: 'Goes to',
              width: 260,
              render: (_, row) => (
                <Select
                  aria-label={`Field for ${row.header || `column ${row.index + 1}`}`}
                  style={{ width: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  value={columns[row.index] ?? ''}
                  onChange={(value: TColumn) => setColumn(row.index, value)}
                  options={fieldOptions}
                />
              ),
            },
          ]}
        />
      )}
      {preview && tried && (
        <>
          <Flex gap={32} wrap style={{ marginBottom: 16 }}>
            <Statistic title="New" value={tried.created} />
            <Statistic title="Updated" value={tried.updated} />
            <Statistic title="Refused" value={tried.refusedCount} />
          </Flex>
          {tried.newTags.length > 0 && (
            <Typography.Paragraph>New tags: {tried.newTags.join(', ')}</Typography.Paragraph>
          )}
          {tried.refusedCount > 0 && (
            <>
              <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
                <Typography.Text>
                  {count(tried.refusedCount, 'row is', 'rows are')} not imported. Fix them in the file of
                  refused rows and import that.
                </Typography.Text>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() => file && downloadRefused(preview, tried, file.name)}
                >
                  Download the refused rows
                </Button>
              </Flex>
              <Table
                size="small"
                rowKey="line"
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                dataSource={tried.refused}
                columns={[
                  { key: 'line', title: 'Line', width: 80, render: (_, row) => row.line },
                  { key: 'reason', title: 'Why', render: (_, row) => row.reason },
                ]}
              />
            </>
          )}
          <Button type="link" onClick={() => setTried(undefined)}>
            Change the columns
          </Button>
        </>
      )}
    </Modal>
  );
};
