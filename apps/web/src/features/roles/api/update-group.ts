import type { TGroupUpdate, TGroupWithMembers } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

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
