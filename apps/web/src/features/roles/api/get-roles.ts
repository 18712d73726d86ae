import type { TRole } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getRoles = () => apiRequest<TRole[]>('iamserver', '/roles');

export const getRolesQueryOptions = () => queryOptions({ queryKey: ['roles'], queryFn: getRoles });

export const useRoles = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRolesQueryOptions(), enabled });
