import type { TShipmentEvent, TShipmentEventInput, TShipmentTimeline } from '@cargodesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// A shipment's events (freightserver, decision 048): its timeline, recording one, retracting one.
// Under the shipments root: an event changes the shipment's status in its page and the lists.

const eventsPath = (id: string) => `/shipments/${encodeURIComponent(id)}/events`;

export const getTimelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shipmentsKeys.events(id),
    queryFn: () => apiRequest<TShipmentTimeline>('freightserver', eventsPath(id)),
  });

/** Each step's planned, estimated and actual times, and every event newest first. */
export const useTimeline = (id: string) => useQuery(getTimelineQueryOptions(id));

export const useRecordEvent = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, input }: { id: string; input: TShipmentEventInput }) =>
      apiRequest<TShipmentEvent>('freightserver', eventsPath(id), { method: 'POST', body: input }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useRetractEvent = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, eventId, reason }: { id: string; eventId: string; reason: string }) =>
      apiRequest<TShipmentEvent>(
        'freightserver',
        `${eventsPath(id)}/${encodeURIComponent(eventId)}/retraction`,
        { method: 'POST', body: { reason } },
      ),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });
