import type { TRole, TRoleInput } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const createRole = (input: TRoleInput) =>
  apiRequest<TRole>('iamserver', '/roles', { method: 'POST', body: input });

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownByCaller: true },
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
};
