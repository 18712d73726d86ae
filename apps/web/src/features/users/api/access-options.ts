import type { TUserAssignment } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

// The roles and groups a user may be given, for the pickers of the users screens.

/** A role as the pickers offer it; the roles API may say more (its system key among it). */
export type TRoleOption = TUserAssignment & { systemKey?: string | null };

/** GET /iamserver/api/v1/roles: the company's roles, for the role pickers. */
export const getRoleOptions = () =>
  apiRequest<TRoleOption[]>('iamserver', '/roles', { query: { pageSize: 100 } });

export const getRoleOptionsQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.roleOptions(), queryFn: getRoleOptions });

export const useRoleOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRoleOptionsQueryOptions(), enabled });

/** GET /iamserver/api/v1/groups: the company's groups, for the group picker. */
export const getGroupOptions = () =>
  apiRequest<TUserAssignment[]>('iamserver', '/groups', { query: { pageSize: 100 } });

export const getGroupOptionsQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.groupOptions(), queryFn: getGroupOptions });

export const useGroupOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getGroupOptionsQueryOptions(), enabled });
