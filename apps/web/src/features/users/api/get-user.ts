import type { TCompanyUser } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

export const getUser = (userId: string) =>
  apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}`);

export const getUserQueryOptions = (userId: string) =>
  queryOptions({ queryKey: usersKeys.detail(userId), queryFn: () => getUser(userId) });

export const useUser = (userId: string) => useQuery(getUserQueryOptions(userId));
