import type { TCompanyUser, TUserListQuery } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { usersKeys } from './keys.ts';

export const getUsers = (query: TUserListQuery) =>
  apiListRequest<TCompanyUser>('iamserver', '/users', { query });

export const getUsersQueryOptions = (query: TUserListQuery) =>
  queryOptions({ queryKey: usersKeys.list(query), queryFn: () => getUsers(query) });

/** A page of the company's users; the previous page stays on screen while the next one loads. */
export const useUsers = (query: TUserListQuery) =>
  useQuery({ ...getUsersQueryOptions(query), placeholderData: keepPreviousData });
