import type {
  TCompanyUser,
  TIssue,
  TIssueCreate,
  TIssueListQuery,
  TIssueSummary,
  TIssueUpdate,
  TPlatformIssue,
  TPlatformIssueSummary,
  TPlatformIssueUpdate,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { downloadBlob } from '@/lib/download-blob.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { issuesKeys } from './keys.ts';

// The issue tracker (/iamserver/api/v1/issue/tracker) and the platform console's view of every
// company's issues (/iamserver/api/v1/app-admin/issues).

const issuePath = (id?: string) => (id ? `/issue/tracker/${encodeURIComponent(id)}` : '/issue/tracker');
const platformPath = (id?: string) =>
  id ? `/app-admin/issues/${encodeURIComponent(id)}` : '/app-admin/issues';

export const getIssuesQueryOptions = (query: TIssueListQuery) =>
  queryOptions({
    queryKey: issuesKeys.list(query),
    queryFn: () => apiListRequest<TIssueSummary>('iamserver', issuePath(), { query }),
  });

/** A page of the issues the user may see; the previous page stays while the next loads. */
export const useIssues = (query: TIssueListQuery) =>
  useQuery({ ...getIssuesQueryOptions(query), placeholderData: keepPreviousData });

export const getIssueQueryOptions = (id: string) =>
  queryOptions({
    queryKey: issuesKeys.detail(id),
    queryFn: () => apiRequest<TIssue>('iamserver', issuePath(id)),
  });

export const useIssue = (id: string) => useQuery(getIssueQueryOptions(id));

export const getAssigneeOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: issuesKeys.assignees(search),
    queryFn: () =>
      apiListRequest<TCompanyUser>('iamserver', '/users', {
        query: { status: 'active', pageSize: 20, ...(search ? { q: search } : {}) },
      }),
  });

/** Up to twenty active users of the company, by name or e-mail: whom an issue may be assigned to. */
export const useAssigneeOptions = (search: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...getAssigneeOptionsQueryOptions(search), enabled, placeholderData: keepPreviousData });

export const useReportIssue = () =>
  useInvalidatingMutation({
    mutationFn: (body: TIssueCreate) =>
      apiRequest<TIssue>('iamserver', issuePath(), { method: 'POST', body }),
    invalidates: issuesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateIssue = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (body: TIssueUpdate) =>
      apiRequest<TIssue>('iamserver', issuePath(id), { method: 'PATCH', body }),
    invalidates: issuesKeys.all,
  });

export const useCommentOnIssue = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (body: { body: string }) =>
      apiRequest<TIssue>('iamserver', `${issuePath(id)}/comments`, { method: 'POST', body }),
    invalidates: issuesKeys.all,
  });

export const useDeleteIssue = (id: string) =>
  useInvalidatingMutation({
    mutationFn: () => apiRequest<{ _id: string }>('iamserver', issuePath(id), { method: 'DELETE' }),
    invalidates: issuesKeys.all,
  });

/** The attachment's bytes, saved under its name. */
export const downloadAttachment = async ({ _id, name }: { _id: string; name: string }) =>
  downloadBlob(name, await apiBlobRequest('driveserver', `/filesystem/file/${encodeURIComponent(_id)}`));

export const getPlatformIssuesQueryOptions = (query: TIssueListQuery) =>
  queryOptions({
    queryKey: issuesKeys.platformList(query),
    queryFn: () => apiListRequest<TPlatformIssueSummary>('iamserver', platformPath(), { query }),
  });

export const usePlatformIssues = (query: TIssueListQuery) =>
  useQuery({ ...getPlatformIssuesQueryOptions(query), placeholderData: keepPreviousData });

export const getPlatformIssueQueryOptions = (id: string) =>
  queryOptions({
    queryKey: issuesKeys.platformDetail(id),
    queryFn: () => apiRequest<TPlatformIssue>('iamserver', platformPath(id)),
  });

export const usePlatformIssue = (id: string | undefined) =>
  useQuery({ ...getPlatformIssueQueryOptions(id ?? ''), enabled: Boolean(id) });

export const useAnswerIssue = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (body: TPlatformIssueUpdate) =>
      apiRequest<TPlatformIssue>('iamserver', platformPath(id), { method: 'PATCH', body }),
    invalidates: issuesKeys.platformAll,
  });
