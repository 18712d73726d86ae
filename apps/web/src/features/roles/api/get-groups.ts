import type { TGroup } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client.ts';

export type TGroupsQuery = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: string | undefined;
};

export const getGroups = ({ page, pageSize, q, sort }: TGroupsQuery) =>
  apiListRequest<TGroup>('iamserver', '/groups', { query: { page, pageSize, q: q || undefined, sort } });

/** Every group query (lists and single groups) starts with this key. */
export const groupsQueryKey = ['groups'] as const;

export const getGroupsQueryOptions = (query: TGroupsQuery) =>
  queryOptions({ queryKey: [...groupsQueryKey, 'list', query], queryFn: () => getGroups(query) });

export const useGroups = ({ query, enabled = true }: { query: TGroupsQuery; enabled?: boolean }) =>
  useQuery({ ...getGroupsQueryOptions(query), enabled, placeholderData: keepPreviousData });
