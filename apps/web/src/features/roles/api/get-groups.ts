import type { TGroup, TGroupSortField } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export type TGroupsQuery = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: `${'' | '-'}${TGroupSortField}` | undefined;
};

export const getGroups = ({ page, pageSize, q, sort }: TGroupsQuery) =>
  apiListRequest<TGroup>('iamserver', '/groups', { query: { page, pageSize, q: q || undefined, sort } });

export const getGroupsQueryOptions = (query: TGroupsQuery) =>
  queryOptions({ queryKey: rolesKeys.groupList(query), queryFn: () => getGroups(query) });

export const useGroups = ({ query, enabled = true }: { query: TGroupsQuery; enabled?: boolean }) =>
  useQuery({ ...getGroupsQueryOptions(query), enabled, placeholderData: keepPreviousData });
