// Every query key of the shipments feature, under one root: a change to a shipment refreshes the
// lists and its page at once.

export const shipmentsKeys = {
  all: ['shipments'] as const,
  list: (query: object) => ['shipments', 'list', query] as const,
  detail: (id: string) => ['shipments', 'detail', id] as const,
  contacts: (q: string, kind: string) => ['shipments', 'contacts', q, kind] as const,
  savedFilters: ['shipments', 'saved-filters'] as const,
  contact: (id: string) => ['shipments', 'contact', id] as const,
  people: (organisationId: string) => ['shipments', 'people', organisationId] as const,
  places: (kind: string, q: string) => ['shipments', 'places', kind, q] as const,
  masters: (mode: string, q: string) => ['shipments', 'masters', mode, q] as const,
  charges: (id: string) => ['shipments', 'charges', id] as const,
  events: (id: string) => ['shipments', 'events', id] as const,
  documents: (id: string, page: number) => ['shipments', 'documents', id, { page }] as const,
  documentPreview: (id: string, documentId: string | undefined, updatedAt: string | undefined) =>
    ['shipments', 'documents', id, 'preview', documentId, updatedAt] as const,
  chargeCodes: () => ['shipments', 'charge-codes'] as const,
  currenciesInUse: () => ['shipments', 'currencies-in-use'] as const,
};
