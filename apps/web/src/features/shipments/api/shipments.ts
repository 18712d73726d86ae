import type {
  TBookingStatus,
  TContact,
  TContactLookup,
  TContactSummary,
  TPortEntry,
  TPortKind,
  TSavedFilter,
  TShipment,
  TShipmentCreate,
  TShipmentListQuery,
  TShipmentSavedFilterInput,
  TShipmentSummary,
  TShipmentUpdate,
} from '@cargodesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '@/lib/api-client.ts';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation.ts';
import { shipmentsKeys } from './keys.ts';

// The company's shipments (freightserver), and the contacts and places a shipment names.

/** The list's query as the URL and the list kit hold it. */
export type TShipmentsQuery = Partial<
  Omit<TShipmentListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }
>;

const shipmentPath = (id?: string) => (id ? `/shipments/${encodeURIComponent(id)}` : '/shipments');

export const getShipments = (query: TShipmentsQuery) =>
  apiListRequest<TShipmentSummary>('freightserver', shipmentPath(), { query });

export const getShipmentsQueryOptions = (query: TShipmentsQuery) =>
  queryOptions({ queryKey: shipmentsKeys.list(query), queryFn: () => getShipments(query) });

/** A page of shipments; the previous page stays on screen while the next one loads. */
export const useShipments = (query: TShipmentsQuery) =>
  useQuery({ ...getShipmentsQueryOptions(query), placeholderData: keepPreviousData });

export const getShipmentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shipmentsKeys.detail(id),
    queryFn: () => apiRequest<TShipment>('freightserver', shipmentPath(id)),
  });

export const useShipment = (id: string) => useQuery({ ...getShipmentQueryOptions(id), enabled: Boolean(id) });

export const useCreateShipment = () =>
  useInvalidatingMutation({
    mutationFn: (input: TShipmentCreate) =>
      apiRequest<TShipment>('freightserver', shipmentPath(), { method: 'POST', body: input }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useUpdateShipment = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TShipmentUpdate }) =>
      apiRequest<TShipment>('freightserver', shipmentPath(id), { method: 'PATCH', body: changes }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const useMoveBooking = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, status }: { id: string; status: TBookingStatus }) =>
      apiRequest<TShipment>('freightserver', `${shipmentPath(id)}/booking-status`, {
        method: 'POST',
        body: { status },
      }),
    invalidates: shipmentsKeys.all,
    meta: { isErrorShownByCaller: true },
  });

export const getContactOptionsQueryOptions = (q: string, kind?: TContactLookup['kind']) =>
  queryOptions({
    queryKey: shipmentsKeys.contacts(q, kind ?? 'any'),
    queryFn: () =>
      apiRequest<TContactLookup[]>('contactserver', '/contacts', { query: { q, kind, limit: 20 } }),
  });

/** A few of the company's contacts by name (of one kind, or any), for a party's picker. */
export const useContactOptions = (q: string, kind?: TContactLookup['kind']) =>
  useQuery({ ...getContactOptionsQueryOptions(q, kind), placeholderData: keepPreviousData });

export const getContactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shipmentsKeys.contact(id),
    queryFn: () => apiRequest<TContact>('contactserver', `/contacts/${encodeURIComponent(id)}`),
  });

/** One contact, for the name of a party the list's address names by id. */
export const useContact = (id: string | undefined) =>
  useQuery({ ...getContactQueryOptions(id ?? ''), enabled: Boolean(id) });

export const getOrganisationPeopleQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: shipmentsKeys.people(organisationId),
    queryFn: () =>
      apiListRequest<TContactSummary>('contactserver', '/contacts/paginate', {
        query: { organisationId, kind: 'person', sort: 'name', page: 1, pageSize: 100 },
      }),
  });

/** The people of an organisation, for a party's contact person; nothing asked without one. */
export const useOrganisationPeople = (organisationId: string | null | undefined) =>
  useQuery({
    ...getOrganisationPeopleQueryOptions(organisationId ?? ''),
    enabled: Boolean(organisationId),
  });

export const getPlaceOptionsQueryOptions = (kind: TPortKind, q: string) =>
  queryOptions({
    queryKey: shipmentsKeys.places(kind, q),
    queryFn: () => apiListRequest<TPortEntry>('master', `/${kind}`, { query: { q, page: 1, pageSize: 20 } }),
  });

/** A few ocean ports or airports of the catalogues and the company's own entries, for a place's picker. */
export const usePlaceOptions = (kind: TPortKind, q: string) =>
  useQuery({ ...getPlaceOptionsQueryOptions(kind, q), placeholderData: keepPreviousData });

export const getShipmentFiltersQueryOptions = () =>
  queryOptions({
    queryKey: shipmentsKeys.savedFilters,
    queryFn: () => apiRequest<TSavedFilter[]>('freightserver', '/shipment-filters'),
  });

/** The user's saved shipments filters and those shared with the company. */
export const useShipmentFilters = () => useQuery(getShipmentFiltersQueryOptions());

export const useSaveShipmentFilter = () =>
  useInvalidatingMutation({
    mutationFn: (input: TShipmentSavedFilterInput) =>
      apiRequest<TSavedFilter>('freightserver', '/shipment-filters', { method: 'POST', body: input }),
    invalidates: shipmentsKeys.savedFilters,
    meta: { isErrorShownByCaller: true },
  });

export const useDeleteShipmentFilter = () =>
  useInvalidatingMutation({
    mutationFn: (id: string) =>
      apiRequest('freightserver', `/shipment-filters/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidates: shipmentsKeys.savedFilters,
  });
