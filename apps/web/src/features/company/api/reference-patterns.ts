import type { TShipmentReferencePatterns, TShipmentReferencePatternsInput } from '@cargodesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { companyKeys } from './keys.ts';

// The company's shipment reference patterns (freightserver /reference-patterns): company settings
// of the Freight product.

export const getReferencePatternsQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.referencePatterns(),
    queryFn: () => apiRequest<TShipmentReferencePatterns>('freightserver', '/reference-patterns'),
  });

/** GET /reference-patterns: each mode's pattern and the numbers given (company:read). */
export const useReferencePatterns = () => useQuery(getReferencePatternsQueryOptions());

/** PUT /reference-patterns (company:write): the next shipment of a mode takes its new pattern. */
export const useSaveReferencePatterns = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TShipmentReferencePatternsInput) =>
      apiRequest<TShipmentReferencePatterns>('freightserver', '/reference-patterns', {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (settings) => queryClient.setQueryData(getReferencePatternsQueryOptions().queryKey, settings),
    meta: { isErrorShownByCaller: true },
  });
};
