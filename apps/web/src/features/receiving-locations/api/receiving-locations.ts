import type {
  TCompanyListQuery,
  TReceivingLocation,
  TReceivingLocationInput,
  TReceivingLocationUpdate,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { receivingLocationsKeys } from './keys.ts';

// The company's receiving locations (master /receivinglocation): searched, sorted and paged on the server.

const locationPath = (id?: string) =>
  id ? `/receivinglocation/${encodeURIComponent(id)}` : '/receivinglocation';

export const getReceivingLocations = (query: Partial<TCompanyListQuery>) =>
  apiListRequest<TReceivingLocation>('master', locationPath(), { query });

export const getReceivingLocationsQueryOptions = (query: Partial<TCompanyListQuery>) =>
  queryOptions({
    queryKey: receivingLocationsKeys.list(query),
    queryFn: () => getReceivingLocations(query),
  });

export const useReceivingLocations = (query: Partial<TCompanyListQuery>) =>
  useQuery({ ...getReceivingLocationsQueryOptions(query), placeholderData: keepPreviousData });

export const useCreateReceivingLocation = () =>
  useInvalidatingMutation({
    mutationFn: (input: TReceivingLocationInput) =>
      apiRequest<TReceivingLocation>('master', locationPath(), { method: 'POST', body: input }),
    invalidates: receivingLocationsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateReceivingLocation = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TReceivingLocationUpdate }) =>
      apiRequest<TReceivingLocation>('master', locationPath(id), { method: 'PATCH', body: changes }),
    invalidates: receivingLocationsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteReceivingLocation = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest('master', locationPath(id), { method: 'DELETE' }),
    invalidates: receivingLocationsKeys.all,
  });
