import type { TCompanyUser, TProfile } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { profileKeys } from './keys.ts';

/** The users API's view of a colleague, in the profile screen's shape. */
export const profileOfCompanyUser = (user: TCompanyUser): TProfile => ({
  _id: user._id,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
  emailId: user.email,
  phone: user.phone,
  avatarFileId: user.avatarFileId,
  status: user.status,
  roles: user.roles.map((role) => role.name),
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
});

const profilePath = (userId?: string) => (userId ? `/users/${encodeURIComponent(userId)}` : '/users/me');

/**
 * The signed-in user's profile (GET /users/me), or another user's for an admin's edit
 * (GET /users/{id}, the users API's shape, converted).
 */
export const getProfile = async (userId?: string): Promise<TProfile> =>
  userId
    ? profileOfCompanyUser(await apiRequest<TCompanyUser>('iamserver', profilePath(userId)))
    : apiRequest<TProfile>('iamserver', profilePath());

export const getProfileQueryOptions = (userId?: string) =>
  queryOptions({ queryKey: profileKeys.detail(userId), queryFn: () => getProfile(userId) });

export const useProfile = (userId?: string) => useQuery(getProfileQueryOptions(userId));
