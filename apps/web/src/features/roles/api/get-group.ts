import type { TGroupWithMembers } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const getGroup = (groupId: string) =>
  apiRequest<TGroupWithMembers>('iamserver', `/groups/${encodeURIComponent(groupId)}`);

export const getGroupQueryOptions = (groupId: string) =>
  queryOptions({ queryKey: rolesKeys.group(groupId), queryFn: () => getGroup(groupId) });

export const useGroup = ({ groupId }: { groupId: string | undefined }) =>
  useQuery({ ...getGroupQueryOptions(groupId ?? ''), enabled: Boolean(groupId) });
