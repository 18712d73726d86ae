import type { TRole, TRoleUpdate } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

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
