import type { TApiToken } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

/** GET /users/{id}/api-tokens (users:write): a colleague's personal API tokens, never their secrets. */
export const getUserApiTokens = (userId: string) =>
  apiRequest<TApiToken[]>('iamserver', `/users/${encodeURIComponent(userId)}/api-tokens`);

export const getUserApiTokensQueryOptions = (userId: string) =>
  queryOptions({ queryKey: usersKeys.apiTokens(userId), queryFn: () => getUserApiTokens(userId) });

export const useUserApiTokens = (userId: string) => useQuery(getUserApiTokensQueryOptions(userId));
