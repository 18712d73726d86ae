import type { TCompanyUser } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '@/lib/api-client.ts';
import { auditKeys } from './keys.ts';

/** GET /iamserver/api/v1/users: the company's people, for the actor filter and to name who acted. */
export const getAuditActors = () =>
  apiListRequest<TCompanyUser>('iamserver', '/users', { query: { pageSize: 100, sort: 'name' } });

export const getAuditActorsQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.actors(), queryFn: getAuditActors });

/** The colleagues by id; without users:read the list is empty and events name actors by address. */
export const useAuditActors = () => {
  const query = useQuery(getAuditActorsQueryOptions());
  const users = query.data?.data ?? [];
  return {
    users,
    namesById: new Map(users.map((user) => [user._id, user.name || user.email])),
    isLoading: query.isLoading,
    isError: query.isError,
  };
};
