import type {
  TTemplate,
  TTemplateCheck,
  TTemplateContent,
  TTemplateCreate,
  TTemplateDraft,
  TTemplateListQuery,
  TTemplateSummary,
  TTemplateUpdate,
  TTemplateVersion,
  TTemplateVersionSummary,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { templatesKeys } from './keys.ts';

// The company's templates (templateserver /templates): searched, filtered and paged on the server.

const templatePath = (id?: string) => (id ? `/templates/${encodeURIComponent(id)}` : '/templates');

export const getTemplates = (query: Partial<TTemplateListQuery>) =>
  apiListRequest<TTemplateSummary>('templateserver', templatePath(), { query });

export const getTemplatesQueryOptions = (query: Partial<TTemplateListQuery>) =>
  queryOptions({ queryKey: templatesKeys.list(query), queryFn: () => getTemplates(query) });

/** A page of the company's templates; the previous page stays on screen while the next one loads. */
export const useTemplates = (query: Partial<TTemplateListQuery>) =>
  useQuery({ ...getTemplatesQueryOptions(query), placeholderData: keepPreviousData });

export const getTemplateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: templatesKeys.detail(id),
    queryFn: () => apiRequest<TTemplate>('templateserver', templatePath(id)),
  });

export const useTemplate = (id: string | undefined) =>
  useQuery({ ...getTemplateQueryOptions(id ?? ''), enabled: Boolean(id) });

export const versionsPageSize = 10;

export const getTemplateVersionsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: templatesKeys.versions(id, page),
    queryFn: () =>
      apiListRequest<TTemplateVersionSummary>('templateserver', `${templatePath(id)}/versions`, {
        query: { page, pageSize: versionsPageSize },
      }),
  });

export const useTemplateVersions = (id: string | undefined, page: number) =>
  useQuery({
    ...getTemplateVersionsQueryOptions(id ?? '', page),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

export const useUpdateTemplate = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TTemplateUpdate }) =>
      apiRequest<TTemplate>('templateserver', templatePath(id), { method: 'PATCH', body: changes }),
    invalidates: templatesKeys.all,
  });

export const useDeleteTemplate = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest('templateserver', templatePath(id), { method: 'DELETE' }),
    invalidates: templatesKeys.all,
  });

export const useRestoreVersion = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, number }: { id: string; number: number }) =>
      apiRequest<TTemplate>('templateserver', `${templatePath(id)}/versions/${number}/restore`, {
        method: 'POST',
      }),
    invalidates: templatesKeys.all,
  });

export const useDuplicateTemplate = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) =>
      apiRequest<TTemplate>('templateserver', `${templatePath(id)}/duplicate`, { method: 'POST' }),
    invalidates: templatesKeys.all,
  });

export const getTemplateVersionQueryOptions = (id: string, number: number) =>
  queryOptions({
    queryKey: templatesKeys.version(id, number),
    queryFn: () => apiRequest<TTemplateVersion>('templateserver', `${templatePath(id)}/versions/${number}`),
    // A version never changes once saved.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One saved version with its text, for comparing it with another. */
export const useTemplateVersion = (id: string, number: number | undefined) =>
  useQuery({ ...getTemplateVersionQueryOptions(id, number ?? 0), enabled: number !== undefined });

export const getTemplateCheckQueryOptions = (draft: TTemplateDraft) =>
  queryOptions({
    queryKey: templatesKeys.check(draft),
    queryFn: ({ signal }) =>
      apiRequest<TTemplateCheck>('templateserver', '/templates/check', {
        method: 'POST',
        body: draft,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The draft's problems, unknown names and preview with the sample data. The last answer stays on
 * screen while the next text is checked, so the preview does not flash empty between keystrokes.
 */
export const useTemplateCheck = (draft: TTemplateDraft | undefined) =>
  useQuery({
    ...getTemplateCheckQueryOptions(draft ?? { type: 'email', purpose: 'other', body: '' }),
    enabled: draft !== undefined,
    placeholderData: keepPreviousData,
  });

/** Saves the editor's text as the template's next version. */
export const useSaveTemplateVersion = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, content }: { id: string; content: TTemplateContent }) =>
      apiRequest<TTemplate>('templateserver', `${templatePath(id)}/versions`, {
        method: 'POST',
        body: content,
      }),
    invalidates: templatesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useCreateTemplate = () =>
  useInvalidatingMutation({
    mutationFn: (input: TTemplateCreate) =>
      apiRequest<TTemplate>('templateserver', templatePath(), { method: 'POST', body: input }),
    invalidates: templatesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** The document draft printed with the sample data: a PDF, as the server's Chromium renders it. */
export const usePreviewPdf = () =>
  useMutation({
    mutationFn: (draft: TTemplateDraft) =>
      apiBlobRequest('templateserver', '/templates/pdf', { method: 'POST', body: draft, timeoutMs: 60_000 }),
  });
