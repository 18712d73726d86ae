import type { TRole, TRoleSortField } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export type TRolesQuery = {
  page: number;
  pageSize: number;
  q?: string | undefined;
  sort?: `${'' | '-'}${TRoleSortField}` | undefined;
};

export const getRoles = (query: TRolesQuery) => apiListRequest<TRole>('iamserver', '/roles', { query });

export const getRolesQueryOptions = (query: TRolesQuery) =>
  queryOptions({ queryKey: rolesKeys.list(query), queryFn: () => getRoles(query) });

/** A page of the company's roles; the previous page stays on screen while the next one loads. */
export const useRoles = (query: TRolesQuery) =>
  useQuery({ ...getRolesQueryOptions(query), placeholderData: keepPreviousData });

/** One page as large as the server gives: every role of an ordinary company, to choose from. */
const everyRoleQuery: TRolesQuery = { page: 1, pageSize: 100 };

export const useEveryRole = () =>
  useQuery({ ...getRolesQueryOptions(everyRoleQuery), select: (page) => page.data });
