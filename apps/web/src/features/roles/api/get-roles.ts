import type { TRole } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { rolesKeys } from './keys.ts';

export const getRoles = () => apiRequest<TRole[]>('iamserver', '/roles');

export const getRolesQueryOptions = () => queryOptions({ queryKey: rolesKeys.all, queryFn: getRoles });

export const useRoles = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRolesQueryOptions(), enabled });
