import type {
  TBusinessType,
  TBusinessTypeInput,
  TBusinessTypeUpdate,
  TCompanyListQuery,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { businessTypesKeys } from './keys.ts';

// The company's business types (master /type): searched, sorted and paged on the server.

const typePath = (id?: string) => (id ? `/type/${encodeURIComponent(id)}` : '/type');

export const getBusinessTypes = (query: Partial<TCompanyListQuery>) =>
  apiListRequest<TBusinessType>('master', typePath(), { query });

export const getBusinessTypesQueryOptions = (query: Partial<TCompanyListQuery>) =>
  queryOptions({ queryKey: businessTypesKeys.list(query), queryFn: () => getBusinessTypes(query) });

export const useBusinessTypes = (query: Partial<TCompanyListQuery>) =>
  useQuery({ ...getBusinessTypesQueryOptions(query), placeholderData: keepPreviousData });

export const useCreateBusinessType = () =>
  useInvalidatingMutation({
    mutationFn: (input: TBusinessTypeInput) =>
      apiRequest<TBusinessType>('master', typePath(), { method: 'POST', body: input }),
    invalidates: businessTypesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateBusinessType = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TBusinessTypeUpdate }) =>
      apiRequest<TBusinessType>('master', typePath(id), { method: 'PATCH', body: changes }),
    invalidates: businessTypesKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteBusinessType = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest('master', typePath(id), { method: 'DELETE' }),
    invalidates: businessTypesKeys.all,
  });
