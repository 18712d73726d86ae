import type { TShipment, TShipmentCargo } from '@cargodesk/shared';
import { apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// A shipment's cargo lines and containers, replaced as a whole (decision 043): the answer is the
// shipment with its new totals, and a master's page reads its houses' cargo again too.

export const replaceCargo = ({ id, cargo }: { id: string; cargo: TShipmentCargo }) =>
  apiRequest<TShipment>('freightserver', `/shipments/${encodeURIComponent(id)}/cargo`, {
    method: 'PUT',
    body: cargo,
  });

/** Saves the cargo; a refusal is the form's to show under its field. */
export const useReplaceCargo = () =>
  useInvalidatingMutation({
    mutationFn: replaceCargo,
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });
