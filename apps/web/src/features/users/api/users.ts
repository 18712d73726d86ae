import type {
  TAdminPasswordResetResult,
  TBulkUsersRequest,
  TCompanyUser,
  TInviteUserRequest,
  TUserListQuery,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { usersKeys } from './keys.ts';

// The company's users (iamserver /users): pages, one user, invite, access, status and deletion.

export const getUsers = (query: TUserListQuery) =>
  apiListRequest<TCompanyUser>('iamserver', '/users', { query });

export const getUsersQueryOptions = (query: TUserListQuery) =>
  queryOptions({ queryKey: usersKeys.list(query), queryFn: () => getUsers(query) });

/** A page of the company's users; the previous page stays on screen while the next one loads. */
export const useUsers = (query: TUserListQuery) =>
  useQuery({ ...getUsersQueryOptions(query), placeholderData: keepPreviousData });

export const getUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}`);

export const getUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: usersKeys.detail(userId), queryFn: () => getUser(userId) });

export const useUser = (userId: string) => useQuery(getUserQueryOptions(userId));

/** POST /users/invite: the identity account, the invited user and the mail with the set-password link. */
export const inviteUser = (body: TInviteUserRequest) =>
  apiRequest<TCompanyUser>('iamserver', '/users/invite', { method: 'POST', body });

export const useInviteUser = () =>
  useInvalidatingMutation({
    mutationFn: inviteUser,
    invalidates: usersKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** PUT /users/:id/roles: the user's whole set of roles. */
export const updateUserRoles = ({ userId, roleIds }: { userId: string; roleIds: string[] }) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/roles`, {
    method: 'PUT',
    body: { roleIds },
  });

export const useUpdateUserRoles = () =>
  useInvalidatingMutation({
    mutationFn: updateUserRoles,
    invalidates: usersKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** PUT /users/:id/groups: the user's whole set of groups. */
export const updateUserGroups = ({ userId, groupIds }: { userId: string; groupIds: string[] }) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/groups`, {
    method: 'PUT',
    body: { groupIds },
  });

export const useUpdateUserGroups = () =>
  useInvalidatingMutation({
    mutationFn: updateUserGroups,
    invalidates: usersKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** POST /users/:id/suspend: the user's sessions end at once and they cannot sign in. */
export const suspendUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/suspend`, { method: 'POST' });

export const useSuspendUser = () =>
  useInvalidatingMutation({ mutationFn: suspendUser, invalidates: usersKeys.all });

/** POST /users/bulk/suspend: the picked users are suspended together, or none is. */
export const suspendUsers = (input: TBulkUsersRequest) =>
  apiRequest<TCompanyUser[]>('iamserver', '/users/bulk/suspend', { method: 'POST', body: input });

export const useSuspendUsers = () =>
  useInvalidatingMutation({ mutationFn: suspendUsers, invalidates: usersKeys.all });

/** POST /users/:id/reactivate: a suspended user may sign in again. */
export const reactivateUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/reactivate`, {
    method: 'POST',
  });

export const useReactivateUser = () =>
  useInvalidatingMutation({ mutationFn: reactivateUser, invalidates: usersKeys.all });

/**
 * Reactivates the picked suspended users: one request each, since each gives its identity account
 * back and stands on its own; the lists refresh once at the end.
 */
export const useReactivateUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => Promise.all(userIds.map(reactivateUser)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

/** POST /users/:id/invite/resend: a fresh set-password link (the server allows one a minute). */
export const resendInvite = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}/invite/resend`, {
    method: 'POST',
  });

export const useResendInvite = () =>
  useInvalidatingMutation({ mutationFn: resendInvite, invalidates: usersKeys.all });

/** POST /auth/reset-pwd: the user is mailed a link to choose a new password (three an hour). */
export const sendPasswordReset = (userId: string) =>
  apiRequest<TAdminPasswordResetResult>('iamserver', '/auth/reset-pwd', {
    method: 'POST',
    body: { userId },
  });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });

/** DELETE /users/:id: the user and their sign-in are removed. */
export const deleteUser = (userId: string) =>
  apiRequest<{ _id: string }>('iamserver', `/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, userId) => {
      queryClient.removeQueries({ queryKey: usersKeys.detail(userId) });
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};

/** POST /users/bulk/delete: the picked users are deleted together, or none is. */
export const deleteUsers = (ids: string[]) =>
  apiRequest<{ _id: string }[]>('iamserver', '/users/bulk/delete', { method: 'POST', body: { ids } });

export const useDeleteUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUsers,
    onSuccess: (deleted) => {
      for (const { _id } of deleted) queryClient.removeQueries({ queryKey: usersKeys.detail(_id) });
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
};
