import type {
  TFileListQuery,
  TFileMeta,
  TRecipient,
  TSendMailRequest,
  TSentMail,
  TSentMailQuery,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { mailKeys } from './keys.ts';

/** POST /mailserver/api/v1/send: queued through the outbox; the Sent list follows it. */
export const sendMail = (body: TSendMailRequest) =>
  apiRequest<TSentMail>('mailserver', '/send', { method: 'POST', body });

export const useSendMail = () =>
  useInvalidatingMutation({
    mutationFn: sendMail,
    invalidates: mailKeys.sent,
    meta: { isErrorShownByCaller: true },
  });

export const sentPageSize = 10;

/** GET /sent: a page of the signed-in user's sent mails, newest first, searched and filtered. */
export const getSentMails = (query: TSentMailQuery) =>
  apiListRequest<TSentMail>('mailserver', '/sent', { query });

export const getSentMailsQueryOptions = (query: TSentMailQuery) =>
  queryOptions({ queryKey: mailKeys.sentList(query), queryFn: () => getSentMails(query) });

/** The signed-in user's sent mails; polled while any is still queued. */
export const useSentMails = (query: TSentMailQuery) =>
  useQuery({
    ...getSentMailsQueryOptions(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (current) =>
      current.state.data?.data.some((mail) => mail.status === 'queued') ? 2000 : false,
  });

export const retryMail = (id: string) =>
  apiRequest<TSentMail>('mailserver', `/sent/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export const useRetryMail = () =>
  useInvalidatingMutation({ mutationFn: retryMail, invalidates: mailKeys.sent });

/** The company's users whose name or email contains `q`, for the recipient fields. */
export const getRecipientSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: mailKeys.recipients(q),
    queryFn: () => apiRequest<TRecipient[]>('mailserver', '/recipients', { query: { q } }),
  });

export const useRecipientSuggestions = (q: string) =>
  useQuery({ ...getRecipientSuggestionsQueryOptions(q), placeholderData: keepPreviousData });

/** The company's uploaded attachments whose name contains `q`, newest first, for attaching again. */
export const getAttachableFilesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: mailKeys.attachableFiles(q),
    queryFn: () =>
      apiListRequest<TFileMeta>('driveserver', '/filesystem/file', {
        query: { q: q || undefined, purpose: 'attachment', pageSize: 20 } satisfies TFileListQuery,
      }),
  });

export const useAttachableFiles = (q: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getAttachableFilesQueryOptions(q), enabled, placeholderData: keepPreviousData });

/** A stored file's name and size, for a draft that attaches it by reference. */
export const fetchFileMeta = (fileId: string) =>
  apiRequest<TFileMeta>('driveserver', `/filesystem/file/${encodeURIComponent(fileId)}/meta`);
