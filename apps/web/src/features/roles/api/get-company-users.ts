import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiListRequest } from '@/lib/api-client.ts';
import { rolesKeys } from './keys.ts';

/** As much of a user as the member picker shows (the users list of GET /users). */
export type TCompanyUserOption = {
  _id: string;
  firstName: string;
  lastName: string;
  emailId?: string;
  email?: string;
};

export const getCompanyUsers = () =>
  apiListRequest<TCompanyUserOption>('iamserver', '/users', { query: { pageSize: 100 } });

export const getCompanyUsersQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.companyUsers(), queryFn: getCompanyUsers });

export const useCompanyUsers = ({ enabled }: { enabled: boolean }) => {
  const query = useQuery({ ...getCompanyUsersQueryOptions(), enabled });
  return {
    users: query.data?.data ?? [],
    isLoading: query.isLoading,
    /** The server has no user list to offer (a 404) or refused it. */
    isUnavailable:
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403),
    error: query.error,
  };
};
