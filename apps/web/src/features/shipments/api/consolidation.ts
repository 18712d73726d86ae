import type { TShipment, TShipmentMode, TShipmentSummary } from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// A house under its master (decision 043): consolidate, move and detach, and the masters to choose from.

const masterPath = (id: string) => `/shipments/${encodeURIComponent(id)}/master`;

/** How many masters the picker offers at once; typing narrows them. */
const masterSearchSize = 20;

export const getMasterOptionsQueryOptions = (mode: TShipmentMode, q: string) =>
  queryOptions({
    queryKey: shipmentsKeys.masters(mode, q),
    queryFn: async () => {
      const found = await apiListRequest<TShipmentSummary>('freightserver', '/shipments', {
        query: {
          mode,
          consolidation: 'master',
          q: q || undefined,
          page: 1,
          pageSize: masterSearchSize,
          sort: '-createdAt',
        },
      });
      return found.data;
    },
  });

/** The company's masters of a mode, newest first, found by reference or bill or air waybill number. */
export const useMasterOptions = (mode: TShipmentMode, q: string) =>
  useQuery({ ...getMasterOptionsQueryOptions(mode, q), placeholderData: keepPreviousData });

/** Makes a direct shipment a house of the master, or moves a house to it. */
export const useAttachToMaster = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, masterId }: { id: string; masterId: string }) =>
      apiRequest<TShipment>('freightserver', masterPath(id), { method: 'PUT', body: { masterId } }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

/** Detaches a house from its master: it becomes a direct shipment. */
export const useDetachFromMaster = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) => apiRequest<TShipment>('freightserver', masterPath(id), { method: 'DELETE' }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });
