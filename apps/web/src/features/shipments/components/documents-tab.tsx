import {
  shipmentDocumentKindList,
  shipmentDocumentKinds,
  type TShipment,
  type TShipmentDocument,
  type TShipmentDocumentKind,
  type TTransportDocumentStatus,
  transportDocumentStatusLabels,
  transportDocumentTransitionsFrom,
} from '@cargodesk/shared';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Spin,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { downloadBlob } from '@/lib/download-blob.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import {
  downloadDocumentPdf,
  useCreateDocument,
  useDocumentPreview,
  useDocuments,
  useMoveDocument,
  useNewDocumentVersion,
  useSendDocument,
} from '../api/documents.ts';

// The shipment's transport documents (decision 049): drafts previewed live from the shipment,
// eBL's moves each confirmed, the issued PDF's SHA-256, and its download, which is the stored file.

const statusColours: Partial<Record<TTransportDocumentStatus, string>> = {
  DRAFT: 'default',
  APPROVED: 'blue',
  ISSUED: 'green',
  VOID: 'red',
};

/** What confirming a move tells the person, beside its action. */
const moveConsequences: Partial<Record<TTransportDocumentStatus, string>> = {
  APPROVED: 'The draft is approved as it reads now.',
  DRAFT: 'The document goes back to draft.',
  ISSUED:
    'The PDF is printed once and kept: it is never printed again, and a change needs a void and a new version.',
  VOID: 'The document is void, which is final. Its PDF stays on record.',
};

const kindLabel = (kind: TShipmentDocumentKind) => shipmentDocumentKinds[kind].label;
/** Whom the one-action send mails, as its button says. */
const sendLabels: Record<TShipmentDocumentKind, string> = {
  'house-bill-of-lading': 'Send to shipper',
  'sea-waybill': 'Send to shipper',
  'house-air-waybill': 'Send to shipper',
  'booking-confirmation': 'Send to customer',
  'arrival-notice': 'Send to consignee and notify party',
};

const isPreviewable = (document: TShipmentDocument) =>
  document.status === 'DRAFT' || document.status === 'APPROVED';

const DocumentActions = ({
  shipment,
  document,
  onPreview,
}: {
  shipment: TShipment;
  document: TShipmentDocument;
  onPreview: (id: string) => void;
}) => {
  const canWrite = useCan('shipments:write');
  const canReadCharges = useCan('charges:read');
  const canSend = useCan('mail:send');
  const move = useMoveDocument();
  const send = useSendDocument();
  const newVersion = useNewDocumentVersion();
  const [isDownloading, setIsDownloading] = useState(false);
  const mayShow = !shipmentDocumentKinds[document.kind].showsCharges || canReadCharges;
  const name = `${kindLabel(document.kind)} version ${document.version}`;
  const moves = transportDocumentTransitionsFrom(document.kind, document.status).filter((transition) =>
    document.moves.includes(transition.to),
  );
  const onDownload = async () => {
    setIsDownloading(true);
    try {
      const blob = await downloadDocumentPdf(shipment._id, document._id);
      downloadBlob(document.file?.name ?? `${name}.pdf`, blob);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Flex wrap gap="small">
      {mayShow && isPreviewable(document) && (
        <Button size="small" onClick={() => onPreview(document._id)} aria-label={`Preview ${name}`}>
          Preview
        </Button>
      )}
      {canWrite &&
        mayShow &&
        moves.map((transition) => (
          <Popconfirm
            key={transition.to}
            title={`${transition.action}: ${name}?`}
            description={moveConsequences[transition.to]}
            okText={transition.action}
            okButtonProps={{ danger: transition.to === 'VOID', loading: move.isPending }}
            onConfirm={() =>
              move.mutateAsync(
                { id: shipment._id, documentId: document._id, status: transition.to },
                {
                  onSuccess: (moved) =>
                    notifySuccess(`${kindLabel(moved.kind)}: ${transportDocumentStatusLabels[moved.status]}`),
                  onError: notifyFailure,
                },
              )
            }
          >
            <Button
              size="small"
              type={transition.to === 'ISSUED' ? 'primary' : 'default'}
              danger={transition.to === 'VOID'}
              disabled={move.isPending}
            >
              {transition.action}
            </Button>
          </Popconfirm>
        ))}
      {mayShow && document.file && (
        <Button
          size="small"
          loading={isDownloading}
          onClick={onDownload}
          aria-label={`Download PDF of ${name}`}
        >
          Download PDF
        </Button>
      )}
      {canSend && mayShow && document.file && document.status !== 'VOID' && (
        <Popconfirm
          title={`${sendLabels[document.kind]}: ${name}?`}
          description="The issued PDF goes by mail to the parties' addresses in your contacts, and the send shows in the shipment's history."
          okText="Send"
          okButtonProps={{ loading: send.isPending }}
          onConfirm={() =>
            send.mutateAsync(
              { id: shipment._id, documentId: document._id },
              { onSuccess: (sent) => notifySuccess(`Sent to ${sent.to.join(', ')}`), onError: notifyFailure },
            )
          }
        >
          <Button size="small" disabled={send.isPending}>
            {sendLabels[document.kind]}
          </Button>
        </Popconfirm>
      )}
      {canSend && mayShow && document.file && document.status !== 'VOID' && (
        <Link
          to={`?${new URLSearchParams({ mail: 'compose', mailTo: document.sendTo.join(','), mailFile: document.file._id })}`}
          aria-label={`Write a mail with ${name}`}
        >
          Write a mail
        </Link>
      )}
      {canWrite && mayShow && document.status === 'VOID' && (
        <Button
          size="small"
          loading={newVersion.isPending}
          onClick={() =>
            newVersion.mutate(
              { id: shipment._id, documentId: document._id },
              {
                onSuccess: (made) => notifySuccess(`${kindLabel(made.kind)} version ${made.version}: draft`),
                onError: notifyFailure,
              },
            )
          }
        >
          New version
        </Button>
      )}
    </Flex>
  );
};

/** A draft filled with the shipment as it is now, in a frame that runs nothing of the template. */
const DocumentPreview = ({ shipment, document }: { shipment: TShipment; document: TShipmentDocument }) => {
  const preview = useDocumentPreview(shipment._id, document);
  return (
    <section aria-label="Document preview" className="shipment-document-preview">
      <Typography.Title level={5}>
        Preview: {kindLabel(document.kind)} version {document.version}
      </Typography.Title>
      {preview.isError && <Alert type="error" showIcon title={toErrorMessage(preview.error)} />}
      {preview.isPending && <Spin />}
      {preview.data && (
        <iframe
          title={`Preview of ${kindLabel(document.kind)} version ${document.version}`}
          sandbox=""
          srcDoc={`<!doctype html><html><head><meta charset="utf-8"></head><body>${preview.data.html}</body></html>`}
          style={{ width: '100%', height: 480, border: '1px solid #d9d9d9', background: '#fff' }}
        />
      )}
    </section>
  );
};

const CreateDraft = ({ shipment }: { shipment: TShipment }) => {
  const canReadCharges = useCan('charges:read');
  const create = useCreateDocument();
  const kinds = shipmentDocumentKindList.filter((kind) => {
    const { modes, showsCharges } = shipmentDocumentKinds[kind];
    return (modes as readonly string[]).includes(shipment.mode) && (!showsCharges || canReadCharges);
  });
  const [kind, setKind] = useState<TShipmentDocumentKind | undefined>();
  return (
    <Flex wrap gap="small" align="center" style={{ marginBottom: 16 }}>
      <Select
        aria-label="Document kind"
        placeholder="Choose a document"
        style={{ minWidth: 240 }}
        value={kind}
        onChange={setKind}
        options={kinds.map((value) => ({ value, label: kindLabel(value) }))}
      />
      <Button
        type="primary"
        disabled={!kind}
        loading={create.isPending}
        onClick={() =>
          kind &&
          create.mutate(
            { id: shipment._id, kind },
            {
              onSuccess: (made) => {
                notifySuccess(`${kindLabel(made.kind)} version ${made.version}: draft`);
                setKind(undefined);
              },
              onError: notifyFailure,
            },
          )
        }
      >
        Create draft
      </Button>
    </Flex>
  );
};

/** The Documents tab: the shipment's documents, a draft's live preview, and eBL's moves. */
export const DocumentsTab = ({ shipment }: { shipment: TShipment }) => {
  const canWrite = useCan('shipments:write');
  const { formatDateTime } = useFormat();
  const [page, setPage] = useState(1);
  const [previewId, setPreviewId] = useState<string>();
  const documents = useDocuments(shipment._id, page);
  const rows = documents.data?.data ?? [];
  const previewed = rows.find((document) => document._id === previewId && isPreviewable(document));
  const columns: TableProps<TShipmentDocument>['columns'] = [
    {
      key: 'document',
      title: 'Document',
      render: (_, document) => `${kindLabel(document.kind)}, version ${document.version}`,
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, document) => (
        <Tag color={statusColours[document.status] ?? 'gold'}>
          {transportDocumentStatusLabels[document.status]}
        </Tag>
      ),
    },
    {
      key: 'template',
      title: 'Template',
      render: (_, document) =>
        `${document.template.name} (${document.template.language})${
          document.template.versionNumber ? `, version ${document.template.versionNumber}` : ''
        }`,
    },
    {
      key: 'issued',
      title: 'Issued',
      render: (_, document) =>
        document.issued
          ? `${formatDateTime(document.issued.at)} by ${document.issued.email ?? 'someone'}`
          : '—',
    },
    {
      key: 'sha256',
      title: 'PDF SHA-256',
      render: (_, document) =>
        document.file ? (
          <Typography.Text code className="shipment-document-hash" data-testid="document-sha256">
            {document.file.sha256}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, document) => (
        <DocumentActions shipment={shipment} document={document} onPreview={setPreviewId} />
      ),
    },
  ];
  return (
    <section aria-label="Documents">
      {canWrite && <CreateDraft shipment={shipment} />}
      <QueryErrorAlert query={documents} />
      <Table
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={documents.isFetching && !documents.data}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description="No documents yet" /> }}
        pagination={{
          current: page,
          pageSize: documents.data?.meta.pageSize ?? 20,
          total: documents.data?.meta.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {previewed && <DocumentPreview shipment={shipment} document={previewed} />}
    </section>
  );
};
