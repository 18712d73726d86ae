import type {
  TCompanyUser,
  TProfile,
  TRevokeSessionsResponse,
  TUpdateProfileRequest,
} from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { profileKeys } from './keys.ts';

// A user's profile (iamserver /users/me, or /users/{id} for an admin) and signing out everywhere.

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

/** PATCH /users/me, or /users/{id} for an admin's edit of another user. */
export const updateProfile = async ({
  userId,
  changes,
}: {
  userId?: string;
  changes: TUpdateProfileRequest;
}): Promise<TProfile> =>
  userId
    ? profileOfCompanyUser(
        await apiRequest<TCompanyUser>('iamserver', `/users/${encodeURIComponent(userId)}`, {
          method: 'PATCH',
          body: changes,
        }),
      )
    : apiRequest<TProfile>('iamserver', '/users/me', { method: 'PATCH', body: changes });

export const useUpdateProfile = (userId?: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateProfileRequest) => updateProfile({ userId, changes }),
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, profile);
      // Lists and counts showing this user's name are stale now.
      void queryClient.invalidateQueries({ queryKey: profileKeys.users });
    },
  });
};

/** POST /users/me/sessions/revoke: every app session and identity sign-in of the user ends. */
export const revokeAllSessions = () =>
  apiRequest<TRevokeSessionsResponse>('iamserver', '/users/me/sessions/revoke', {
    method: 'POST',
    isUnauthorizedExpected: true,
  });

export const useRevokeAllSessions = () => useMutation({ mutationFn: revokeAllSessions });
