import type { TUserAssignment } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** GET /iamserver/api/v1/groups: the company's groups, for the group picker. */
export const getGroupOptions = () =>
  apiRequest<TUserAssignment[]>('iamserver', '/groups', { query: { pageSize: 100 } });

export const getGroupOptionsQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.groupOptions(), queryFn: getGroupOptions });

export const useGroupOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getGroupOptionsQueryOptions(), enabled });
