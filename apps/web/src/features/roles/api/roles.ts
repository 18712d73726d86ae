import type { TRole, TRoleInput, TRoleSortField, TRoleUpdate } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { rolesKeys } from './keys.ts';

// The company's roles (iamserver /roles): pages, one role, create, update, delete.

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

export const getRole = (roleId: string) =>
  apiRequest<TRole>('iamserver', `/roles/${encodeURIComponent(roleId)}`);

export const getRoleQueryOptions = (roleId: string) =>
  queryOptions({ queryKey: rolesKeys.detail(roleId), queryFn: () => getRole(roleId) });

export const useRole = ({ roleId }: { roleId: string | undefined }) =>
  useQuery({ ...getRoleQueryOptions(roleId ?? ''), enabled: Boolean(roleId) });

export const createRole = (input: TRoleInput) =>
  apiRequest<TRole>('iamserver', '/roles', { method: 'POST', body: input });

export const useCreateRole = () =>
  useInvalidatingMutation({
    mutationFn: createRole,
    invalidates: rolesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const updateRole = ({ roleId, changes }: { roleId: string; changes: TRoleUpdate }) =>
  apiRequest<TRole>('iamserver', `/roles/${encodeURIComponent(roleId)}`, { method: 'PATCH', body: changes });

export const useUpdateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: updateRole,
    // The list and each role live under ['roles'].
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
};

export const deleteRole = ({ roleId, reassignTo }: { roleId: string; reassignTo?: string | undefined }) =>
  apiRequest<{ deleted: true; reassignedUsers: number }>(
    'iamserver',
    `/roles/${encodeURIComponent(roleId)}`,
    {
      method: 'DELETE',
      query: { reassignTo },
    },
  );

export const useDeleteRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    // Lists and pickers, not the deleted role itself: refetching it while its modal closes would
    // only find a 404.
    onSuccess: (_result, { roleId }) => {
      queryClient.removeQueries({ queryKey: rolesKeys.detail(roleId), exact: true });
      return queryClient.invalidateQueries({
        queryKey: rolesKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
};
