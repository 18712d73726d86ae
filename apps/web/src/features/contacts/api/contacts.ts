import type {
  TCompanyUser,
  TContact,
  TContactBulk,
  TContactCreate,
  TContactImportPreview,
  TContactImportProgress,
  TContactImportResult,
  TContactListQuery,
  TContactLookup,
  TContactSavedFilter,
  TContactSavedFilterInput,
  TContactSummary,
  TContactTag,
  TContactTagInput,
  TContactTagWithCount,
  TContactUpdate,
  TSentMail,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest, apiProgressRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { contactsKeys } from './keys.ts';

// The company's contacts and their tags (contactserver): searched, filtered and paged on the server.

const contactPath = (id?: string) => (id ? `/contacts/${encodeURIComponent(id)}` : '/contacts');
const tagPath = (id?: string) => (id ? `/contact-tags/${encodeURIComponent(id)}` : '/contact-tags');

/** Every contact of the list's search and filters, as the CSV the server streams. */
export const downloadContactsCsv = ({
  page: _page,
  pageSize: _pageSize,
  sort: _sort,
  ...filters
}: Partial<TContactListQuery>) =>
  apiBlobRequest('contactserver', '/contacts/export', { query: filters, timeoutMs: 10 * 60_000 });

export const getContacts = (query: Partial<TContactListQuery>) =>
  apiListRequest<TContactSummary>('contactserver', '/contacts/paginate', { query });

export const getContactsQueryOptions = (query: Partial<TContactListQuery>) =>
  queryOptions({ queryKey: contactsKeys.list(query), queryFn: () => getContacts(query) });

/** A page of contacts; the previous page stays on screen while the next one loads. */
export const useContacts = (query: Partial<TContactListQuery>) =>
  useQuery({ ...getContactsQueryOptions(query), placeholderData: keepPreviousData });

export const getContactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactsKeys.detail(id),
    queryFn: () => apiRequest<TContact>('contactserver', contactPath(id)),
  });

export const useContact = (id: string | undefined) =>
  useQuery({ ...getContactQueryOptions(id ?? ''), enabled: Boolean(id) });

export const getContactLookupQueryOptions = (q: string, kind?: TContact['kind']) =>
  queryOptions({
    queryKey: contactsKeys.lookup(q, kind),
    queryFn: () =>
      apiRequest<TContactLookup[]>('contactserver', contactPath(), {
        query: { q, ...(kind ? { kind } : {}), limit: 20 },
      }),
  });

/** A few contacts by name or e-mail, for pickers (an organisation for a person). */
export const useContactLookup = (q: string, kind?: TContact['kind']) =>
  useQuery({ ...getContactLookupQueryOptions(q, kind), placeholderData: keepPreviousData });

export type TDuplicate = {
  _id: string;
  kind: TContact['kind'];
  name: string;
  email: string | null;
  taxNumber: string | null;
  sameEmail: boolean;
  sameTaxNumber: boolean;
};

/** Contacts already holding this e-mail or tax number: the form warns before a duplicate is made. */
export const getDuplicatesQueryOptions = (email: string, taxNumber: string, exceptId?: string) =>
  queryOptions({
    queryKey: contactsKeys.duplicates(email, taxNumber, exceptId),
    queryFn: () =>
      apiRequest<TDuplicate[]>('contactserver', '/contacts/duplicates', {
        query: {
          ...(email ? { email } : {}),
          ...(taxNumber ? { taxNumber } : {}),
          ...(exceptId ? { exceptId } : {}),
        },
      }),
  });

export const useDuplicates = (email: string, taxNumber: string, exceptId?: string) =>
  useQuery({
    ...getDuplicatesQueryOptions(email, taxNumber, exceptId),
    enabled: Boolean(email || taxNumber),
  });

export type TDuplicateGroup = { reason: 'email' | 'taxNumber'; value: string; contacts: TContactSummary[] };

export const getDuplicateGroupsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: contactsKeys.duplicateGroups(page),
    queryFn: () =>
      apiRequest<TDuplicateGroup[]>('contactserver', '/contacts/duplicate-groups', {
        query: { page, pageSize: 20 },
      }),
  });

export const useDuplicateGroups = (page: number, enabled: boolean) =>
  useQuery({ ...getDuplicateGroupsQueryOptions(page), enabled });

export const useCreateContact = () =>
  useInvalidatingMutation({
    mutationFn: (input: TContactCreate) =>
      apiRequest<TContact>('contactserver', contactPath(), { method: 'POST', body: input }),
    invalidates: contactsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateContact = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TContactUpdate }) =>
      apiRequest<TContact>('contactserver', contactPath(id), { method: 'PATCH', body: changes }),
    invalidates: contactsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteContact = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest('contactserver', contactPath(id), { method: 'DELETE' }),
    invalidates: contactsKeys.all,
  });

export const useBulkContacts = () =>
  useInvalidatingMutation({
    mutationFn: (bulk: TContactBulk) =>
      apiRequest<{ changed: number }>('contactserver', '/contacts/bulk', { method: 'POST', body: bulk }),
    invalidates: contactsKeys.all,
  });

export const useMergeContacts = () =>
  useInvalidatingMutation({
    mutationFn: ({ keptId, duplicateId }: { keptId: string; duplicateId: string }) =>
      apiRequest<TContact>('contactserver', `${contactPath(keptId)}/merge`, {
        method: 'POST',
        body: { duplicateId },
      }),
    invalidates: contactsKeys.all,
  });

export const getContactTagsQueryOptions = () =>
  queryOptions({
    queryKey: contactsKeys.tags,
    queryFn: () => apiRequest<TContactTagWithCount[]>('contactserver', tagPath()),
  });

export const useContactTags = () => useQuery(getContactTagsQueryOptions());

export const useCreateTag = () =>
  useInvalidatingMutation({
    mutationFn: (input: TContactTagInput) =>
      apiRequest<TContactTag>('contactserver', tagPath(), { method: 'POST', body: input }),
    invalidates: contactsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateTag = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<TContactTagInput> }) =>
      apiRequest<TContactTag>('contactserver', tagPath(id), { method: 'PATCH', body: changes }),
    invalidates: contactsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteTag = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest('contactserver', tagPath(id), { method: 'DELETE' }),
    invalidates: contactsKeys.all,
  });

/** The company's users a contact can be given to, by name or e-mail. */
export const getOwnerOptionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contactsKeys.owners(q),
    queryFn: () =>
      apiListRequest<TCompanyUser>('iamserver', '/users', { query: { ...(q ? { q } : {}), pageSize: 20 } }),
  });

export const useOwnerOptions = (q: string, enabled: boolean) =>
  useQuery({ ...getOwnerOptionsQueryOptions(q), enabled, placeholderData: keepPreviousData });

/** The file as the body, typed as CSV whatever the browser calls it. */
const csvBody = (file: File) => new Blob([file], { type: 'text/csv' });
const importTimeoutMs = 5 * 60_000;

/** Reads the file's header and first rows, with the company's last mapping applied. */
export const usePreviewImport = () =>
  useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: (file: File) =>
      apiRequest<TContactImportPreview>('contactserver', '/contacts/imports/preview', {
        method: 'POST',
        body: csvBody(file),
        timeoutMs: importTimeoutMs,
      }),
  });

/** Tries the import (dry run) or does it; a real run refreshes every contacts screen. */
/** A dry run or an import; `onProgress` hears how many rows are done as the server works through them. */
export const useRunImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: ({
      file,
      columns,
      isDryRun,
      onProgress,
    }: {
      file: File;
      columns: string[];
      isDryRun: boolean;
      onProgress: (progress: TContactImportProgress) => void;
    }) =>
      apiProgressRequest<TContactImportResult, TContactImportProgress>('contactserver', '/contacts/imports', {
        method: 'POST',
        body: csvBody(file),
        query: { columns: columns.join(','), dryRun: isDryRun, fileName: file.name.slice(0, 200) },
        timeoutMs: importTimeoutMs,
        onProgress,
      }),
    onSuccess: (result) => {
      if (!result.isDryRun) void queryClient.invalidateQueries({ queryKey: contactsKeys.all });
    },
  });
};

export const getMailsToQueryOptions = (addresses: string[]) =>
  queryOptions({
    queryKey: contactsKeys.mails(addresses),
    queryFn: () =>
      apiListRequest<TSentMail>('mailserver', '/sent', {
        query: { recipients: addresses.join(','), pageSize: 10 },
      }),
  });

/** The caller's own mails to any of a contact's addresses, newest first. */
export const useMailsTo = (addresses: string[], enabled: boolean) =>
  useQuery({ ...getMailsToQueryOptions(addresses), enabled: enabled && addresses.length > 0 });

export const getSavedFiltersQueryOptions = () =>
  queryOptions({
    queryKey: contactsKeys.savedFilters,
    queryFn: () => apiRequest<TContactSavedFilter[]>('contactserver', '/contact-filters'),
  });

/** The user's saved filters and those shared with the company. */
export const useSavedFilters = () => useQuery(getSavedFiltersQueryOptions());

export const useSaveFilter = () =>
  useInvalidatingMutation({
    mutationFn: (input: TContactSavedFilterInput) =>
      apiRequest<TContactSavedFilter>('contactserver', '/contact-filters', { method: 'POST', body: input }),
    invalidates: contactsKeys.savedFilters,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteSavedFilter = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) =>
      apiRequest('contactserver', `/contact-filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidates: contactsKeys.savedFilters,
  });
