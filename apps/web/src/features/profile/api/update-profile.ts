import type { TCompanyUser, TProfile, TUpdateProfileRequest } from '@cargodesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { getProfileQueryOptions, profileOfCompanyUser } from './get-profile.ts';
import { profileKeys } from './keys.ts';

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
