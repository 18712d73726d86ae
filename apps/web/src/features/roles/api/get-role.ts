import type { TRole } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const getRole = (roleId: string) =>
  apiRequest<TRole>('iamserver', `/roles/${encodeURIComponent(roleId)}`);

export const getRoleQueryOptions = (roleId: string) =>
  queryOptions({ queryKey: rolesKeys.detail(roleId), queryFn: () => getRole(roleId) });

export const useRole = ({ roleId }: { roleId: string | undefined }) =>
  useQuery({ ...getRoleQueryOptions(roleId ?? ''), enabled: Boolean(roleId) });
