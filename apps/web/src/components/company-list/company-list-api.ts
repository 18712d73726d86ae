import type { TCompanyListQuery } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';

/** A list's key factory (the feature's `keys.ts`): every change invalidates `all`, every page sits under it. */
export type TCompanyListKeys = {
  all: readonly unknown[];
  list: (query: Partial<TCompanyListQuery>) => readonly unknown[];
};

/**
 * The calls of a company-level list of the master service (`/type`, `/receivinglocation`): a page
 * searched, filtered and sorted on the server, and add, edit and delete, each making every page stale.
 * The dialog shows a failed add or edit in place; a failed delete is toasted.
 */
export const createCompanyListApi = <TRow, TInput>({
  path,
  keys,
}: {
  path: string;
  keys: TCompanyListKeys;
}) => {
  const pathOf = (id?: string) => (id ? `${path}/${encodeURIComponent(id)}` : path);
  const getList = (query: Partial<TCompanyListQuery>) => apiListRequest<TRow>('master', pathOf(), { query });
  const getListQueryOptions = (query: Partial<TCompanyListQuery>) =>
    queryOptions({ queryKey: keys.list(query), queryFn: () => getList(query) });
  return {
    getList,
    getListQueryOptions,
    useList: (query: Partial<TCompanyListQuery>) =>
      useQuery({ ...getListQueryOptions(query), placeholderData: keepPreviousData }),
    useCreate: () =>
      useInvalidatingMutation({
        mutationFn: (input: TInput) => apiRequest<TRow>('master', pathOf(), { method: 'POST', body: input }),
        invalidates: keys.all,
        meta: { isErrorShownByCaller: true },
      }),
    useUpdate: () =>
      useInvalidatingMutation({
        mutationFn: ({ id, changes }: { id: string; changes: TInput }) =>
          apiRequest<TRow>('master', pathOf(id), { method: 'PATCH', body: changes }),
        invalidates: keys.all,
        meta: { isErrorShownByCaller: true },
      }),
    useDelete: () =>
      useInvalidatingMutation({
        mutationFn: (id: string) => apiRequest('master', pathOf(id), { method: 'DELETE' }),
        invalidates: keys.all,
      }),
  };
};

export type TCompanyListApi<TRow, TInput> = ReturnType<typeof createCompanyListApi<TRow, TInput>>;
