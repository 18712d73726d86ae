import type { TProfile } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The signed-in user's profile (GET /users/me), or another user's for an admin's edit
 * (GET /users/{id}, served by the users API in the same shape).
 */
export const getProfile = (userId?: string) =>
  apiRequest<TProfile>('iamserver', userId ? `/users/${encodeURIComponent(userId)}` : '/users/me');

export const getProfileQueryOptions = (userId?: string) =>
  queryOptions({ queryKey: ['users', userId ?? 'me', 'profile'], queryFn: () => getProfile(userId) });

export const useProfile = (userId?: string) => useQuery(getProfileQueryOptions(userId));
