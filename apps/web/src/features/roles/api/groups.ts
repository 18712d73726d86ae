import type {
  TGroup,
  TGroupInput,
  TGroupSortField,
  TGroupUpdate,
  TGroupWithMembers,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { rolesKeys } from './keys.ts';

// The company's groups (iamserver /groups): pages, one group, create, update, delete, and the
// company's users offered as members.

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

export const getGroup = (groupId: string) =>
  apiRequest<TGroupWithMembers>('iamserver', `/groups/${encodeURIComponent(groupId)}`);

export const getGroupQueryOptions = (groupId: string) =>
  queryOptions({ queryKey: rolesKeys.group(groupId), queryFn: () => getGroup(groupId) });

export const useGroup = ({ groupId }: { groupId: string | undefined }) =>
  useQuery({ ...getGroupQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });

export const createGroup = (input: TGroupInput) =>
  apiRequest<TGroupWithMembers>('iamserver', '/groups', { method: 'POST', body: input });

export const useCreateGroup = () =>
  useInvalidatingMutation({
    mutationFn: createGroup,
    invalidates: rolesKeys.groups,
    meta: { isErrorShownByCaller: true },
  });

export const updateGroup = ({ groupId, changes }: { groupId: string; changes: TGroupUpdate }) =>
  apiRequest<TGroupWithMembers>('iamserver', `/groups/${encodeURIComponent(groupId)}`, {
    method: 'PATCH',
    body: changes,
  });

export const setGroupMembers = ({ groupId, userIds }: { groupId: string; userIds: string[] }) =>
  apiRequest<TGroupWithMembers>('iamserver', `/groups/${encodeURIComponent(groupId)}/members`, {
    method: 'PUT',
    body: { userIds },
  });

/** Saves a group's name and description, then its members when they changed. */
export const useUpdateGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: async ({
      groupId,
      changes,
      userIds,
    }: {
      groupId: string;
      changes: TGroupUpdate;
      userIds: string[] | undefined;
    }) => {
      const updated = await updateGroup({ groupId, changes });
      return userIds ? setGroupMembers({ groupId, userIds }) : updated;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesKeys.groups }),
  });
};

export const deleteGroup = ({ groupId }: { groupId: string }) =>
  apiRequest<{ deleted: true }>('iamserver', `/groups/${encodeURIComponent(groupId)}`, { method: 'DELETE' });

export const useDeleteGroup = () =>
  useInvalidatingMutation({ mutationFn: deleteGroup, invalidates: rolesKeys.groups });

/** As much of a user as the member picker shows (the users list of GET /users). */
export type TCompanyUserOption = {
  _id: string;
  firstName: string;
  lastName: string;
  emailId?: string;
  email?: string;
};

export const getCompanyUsers = () =>
  apiListRequest<TCompanyUserOption>('iamserver', '/users', { query: { pageSize: 100 } });

export const getCompanyUsersQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.companyUsers(), queryFn: getCompanyUsers });

export const useCompanyUsers = ({ enabled }: { enabled: boolean }) => {
  const query = useQuery({ ...getCompanyUsersQueryOptions(), enabled });
  return {
    users: query.data?.data ?? [],
    isLoading: query.isLoading,
    /** The server has no user list to offer (a 404) or refused it. */
    isUnavailable:
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403),
    error: query.error,
  };
};
