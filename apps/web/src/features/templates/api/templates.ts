import type {
  TTemplate,
  TTemplateListQuery,
  TTemplateSummary,
  TTemplateUpdate,
  TTemplateVersionSummary,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
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
