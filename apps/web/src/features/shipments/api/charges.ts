import {
  chargeCodePicklist,
  maxPageSize,
  type TCurrencySetting,
  type TDropdownGroup,
  type TShipmentCharges,
  type TShipmentChargesInput,
} from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// A shipment's buy and sell lines (freightserver), and the charge codes and currencies they are
// written with (master data). Under the shipments root: a change of a shipment refreshes them too.

const chargesPath = (id: string) => `/shipments/${encodeURIComponent(id)}/charges`;

export const getChargesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shipmentsKeys.charges(id),
    queryFn: () => apiRequest<TShipmentCharges>('freightserver', chargesPath(id)),
  });

/** The lines, and revenue, cost and margin in the company's base currency. */
export const useCharges = (id: string) => useQuery(getChargesQueryOptions(id));

export const useReplaceCharges = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, input }: { id: string; input: TShipmentChargesInput }) =>
      apiRequest<TShipmentCharges>('freightserver', chargesPath(id), { method: 'PUT', body: input }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const getChargeCodesQueryOptions = () =>
  queryOptions({
    queryKey: shipmentsKeys.chargeCodes(),
    queryFn: async () => {
      const groups = await apiRequest<TDropdownGroup[]>('master', '/dropdown', {
        query: { module: chargeCodePicklist.module },
      });
      return groups.find((group) => group.group === chargeCodePicklist.group)?.values ?? [];
    },
  });

/** The company's active charge codes (picklist freight / charge_code), each with its label. */
export const useChargeCodes = () => useQuery(getChargeCodesQueryOptions());

export const getCurrenciesInUseQueryOptions = () =>
  queryOptions({
    queryKey: shipmentsKeys.currenciesInUse(),
    queryFn: async () =>
      (
        await apiListRequest<TCurrencySetting>('master', '/currency-settings', {
          query: { enabled: 'true', page: 1, pageSize: maxPageSize },
        })
      ).data,
  });

/**
 * The currencies the company has in use, for a line's currency. Needs currencies:read: a role
 * without it gets none and the form offers the base currency and the lines' own.
 */
export const useCurrenciesInUse = ({ isEnabled }: { isEnabled: boolean }) =>
  useQuery({ ...getCurrenciesInUseQueryOptions(), enabled: isEnabled });
