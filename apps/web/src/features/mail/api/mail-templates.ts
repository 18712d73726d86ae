import type {
  TRenderedTemplate,
  TTemplateAttachment,
  TTemplateSummary,
  TTemplateUseRequest,
} from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { mailKeys } from './keys.ts';

// The company's templates as the composer uses them (templateserver): the active ones of a type to
// choose from, an email template filled for the recipient, a document printed to attach.

/** The most a company's templates of one type run to in the composer's pickers. */
const pickerPageSize = 100;

export const getMailTemplatesQueryOptions = (type: 'email' | 'document') =>
  queryOptions({
    queryKey: mailKeys.templates(type),
    queryFn: () =>
      apiListRequest<TTemplateSummary>('templateserver', '/templates', {
        query: { type, status: 'active', sort: 'name', pageSize: pickerPageSize },
      }),
  });

export const useMailTemplates = (type: 'email' | 'document', isEnabled: boolean) =>
  useQuery({ ...getMailTemplatesQueryOptions(type), enabled: isEnabled });

const templatePath = (id: string, action: 'render' | 'attachment') =>
  `/templates/${encodeURIComponent(id)}/${action}`;

/** An email template's subject and body, filled for the recipient. */
export const useRenderTemplate = () =>
  useMutation({
    mutationFn: ({ id, request }: { id: string; request: TTemplateUseRequest }) =>
      apiRequest<TRenderedTemplate>('templateserver', templatePath(id, 'render'), {
        method: 'POST',
        body: request,
      }),
  });

/** A document template printed for the recipient and stored, to attach like any file. */
export const useTemplateAttachment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: TTemplateUseRequest }) =>
      apiRequest<TTemplateAttachment>('templateserver', templatePath(id, 'attachment'), {
        method: 'POST',
        body: request,
        timeoutMs: 60_000,
      }),
    // The new file is among the company's files the picker offers.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.attachableFilesAll }),
  });
};
