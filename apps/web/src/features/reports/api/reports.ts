import type {
  TCompanyUser,
  TReportDefinitionInput,
  TReportResult,
  TReportScheduleFrequency,
  TReportSketch,
  TReportSketchSummary,
  TReportSourceInfo,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlobRequest, apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { downloadBlob } from '@/lib/download-blob.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { reportsKeys } from './keys.ts';

// Report sketches (/reportserver/api/v1/reportSketch).

const sketchPath = (id?: string, rest = '') =>
  id ? `/reportSketch/${encodeURIComponent(id)}${rest}` : `/reportSketch${rest}`;

export type TReportListQuery = { page: number; pageSize: number; q?: string; sort?: string; source?: string };

export const getReportSourcesQueryOptions = () =>
  queryOptions({
    queryKey: reportsKeys.sources(),
    queryFn: () => apiRequest<TReportSourceInfo[]>('reportserver', sketchPath(undefined, '/sources')),
    staleTime: 5 * 60 * 1000,
  });

export const useReportSources = () => useQuery(getReportSourcesQueryOptions());

export const getReportsQueryOptions = (query: TReportListQuery) =>
  queryOptions({
    queryKey: reportsKeys.list(query),
    queryFn: () => apiListRequest<TReportSketchSummary>('reportserver', sketchPath(), { query }),
  });

export const useReports = (query: TReportListQuery) =>
  useQuery({ ...getReportsQueryOptions(query), placeholderData: keepPreviousData });

export const getReportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reportsKeys.detail(id),
    queryFn: () => apiRequest<TReportSketch>('reportserver', sketchPath(id)),
  });

/** A saved report; none asked for while `id` is empty (the builder's new report). */
export const useReport = (id: string) => useQuery({ ...getReportQueryOptions(id), enabled: id !== '' });

/** The builder's live result: the definition as it stands, run without saving. */
export const getReportResultQueryOptions = (definition: TReportDefinitionInput) =>
  queryOptions({
    queryKey: reportsKeys.result(definition),
    queryFn: () =>
      apiRequest<TReportResult>('reportserver', sketchPath(undefined, '/run'), {
        method: 'POST',
        body: definition,
      }),
    retry: false,
  });

export const useReportResult = (definition: TReportDefinitionInput | undefined) =>
  useQuery({
    ...getReportResultQueryOptions(definition ?? { source: '' }),
    enabled: definition !== undefined,
    placeholderData: keepPreviousData,
  });

/** Colleagues a schedule may mail: the company's users. */
export const getColleaguesQueryOptions = () =>
  queryOptions({
    queryKey: reportsKeys.colleagues(),
    queryFn: () => apiListRequest<TCompanyUser>('iamserver', '/users', { query: { page: 1, pageSize: 100 } }),
  });

export const useColleagues = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...getColleaguesQueryOptions(), enabled });

export const useCreateReport = () =>
  useInvalidatingMutation({
    mutationFn: (body: { name: string; definition: TReportDefinitionInput; isShared?: boolean }) =>
      apiRequest<TReportSketch>('reportserver', sketchPath(), { method: 'POST', body }),
    invalidates: reportsKeys.all,
  });

export const useUpdateReport = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (body: { name?: string; definition?: TReportDefinitionInput; isShared?: boolean }) =>
      apiRequest<TReportSketch>('reportserver', sketchPath(id), { method: 'PATCH', body }),
    invalidates: reportsKeys.all,
  });

export const useDuplicateReport = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) =>
      apiRequest<TReportSketch>('reportserver', sketchPath(id, '/duplicate'), { method: 'POST' }),
    invalidates: reportsKeys.all,
  });

export const useDeleteReport = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) =>
      apiRequest<{ deleted: true }>('reportserver', sketchPath(id), { method: 'DELETE' }),
    invalidates: reportsKeys.all,
  });

export const usePinReport = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (isPinned: boolean) =>
      apiRequest<{ isPinned: boolean }>('reportserver', sketchPath(id, '/pin'), {
        method: isPinned ? 'PUT' : 'DELETE',
      }),
    invalidates: reportsKeys.all,
  });

export const useScheduleReport = (id: string) =>
  useInvalidatingMutation({
    mutationFn: (schedule: { frequency: TReportScheduleFrequency; recipientIds: string[] } | null) =>
      schedule
        ? apiRequest<TReportSketch>('reportserver', sketchPath(id, '/schedule'), {
            method: 'PUT',
            body: schedule,
          })
        : apiRequest<TReportSketch>('reportserver', sketchPath(id, '/schedule'), { method: 'DELETE' }),
    invalidates: reportsKeys.all,
  });

/** The saved report's whole result as CSV, formulas neutralised by the server. */
export const downloadReportCsv = async ({ _id, name }: { _id: string; name: string }) =>
  downloadBlob(`${name}.csv`, await apiBlobRequest('reportserver', sketchPath(_id, '/export')));
