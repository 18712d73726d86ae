import type {
  TShipmentDocument,
  TShipmentDocumentKind,
  TShipmentDocumentPreview,
  TShipmentDocumentSent,
  TTransportDocumentStatus,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// A shipment's transport documents (freightserver, decision 049). Under the shipments root: an edit
// of the shipment refreshes a draft's live preview too.

const documentsPath = (id: string) => `/shipments/${encodeURIComponent(id)}/documents`;
const documentPath = (id: string, documentId: string) =>
  `${documentsPath(id)}/${encodeURIComponent(documentId)}`;

export const getDocumentsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: shipmentsKeys.documents(id, page),
    queryFn: () => apiListRequest<TShipmentDocument>('freightserver', documentsPath(id), { query: { page } }),
    placeholderData: keepPreviousData,
  });

/** A page of the shipment's documents, newest first. */
export const useDocuments = (id: string, page: number) => useQuery(getDocumentsQueryOptions(id, page));

/** A draft filled with the shipment as it is now; `updatedAt` makes a moved draft fetch it again. */
export const getDocumentPreviewQueryOptions = (id: string, document: TShipmentDocument | undefined) =>
  queryOptions({
    queryKey: shipmentsKeys.documentPreview(id, document?._id, document?.updatedAt),
    queryFn: () =>
      apiRequest<TShipmentDocumentPreview>(
        'freightserver',
        `${documentPath(id, document?._id ?? '')}/preview`,
      ),
    enabled: Boolean(document),
    meta: { isErrorShownByCaller: true },
  });

export const useDocumentPreview = (id: string, document: TShipmentDocument | undefined) =>
  useQuery(getDocumentPreviewQueryOptions(id, document));

export const useCreateDocument = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, kind }: { id: string; kind: TShipmentDocumentKind }) =>
      apiRequest<TShipmentDocument>('freightserver', documentsPath(id), { method: 'POST', body: { kind } }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** A move eBL allows; ISSUED prints the PDF once, which may take a while on a busy server. */
export const useMoveDocument = () =>
  useInvalidatingMutation({
    mutationFn: ({
      id,
      documentId,
      status,
    }: {
      id: string;
      documentId: string;
      status: TTransportDocumentStatus;
    }) =>
      apiRequest<TShipmentDocument>('freightserver', `${documentPath(id, documentId)}/status`, {
        method: 'POST',
        body: { status },
        timeoutMs: 60_000,
      }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useNewDocumentVersion = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, documentId }: { id: string; documentId: string }) =>
      apiRequest<TShipmentDocument>('freightserver', `${documentPath(id, documentId)}/versions`, {
        method: 'POST',
      }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** The issued PDF mailed to the kind's parties (an arrival notice: consignee and notify party). */
export const useSendDocument = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, documentId }: { id: string; documentId: string }) =>
      apiRequest<TShipmentDocumentSent>('freightserver', `${documentPath(id, documentId)}/send`, {
        method: 'POST',
        body: {},
      }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** The issued PDF as it was stored on issue. */
export const downloadDocumentPdf = (id: string, documentId: string) =>
  apiBlobRequest('freightserver', `${documentPath(id, documentId)}/pdf`, { accept: 'application/pdf' });
