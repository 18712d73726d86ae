import type { TContactListQuery } from '@cargodesk/shared';

// Every query key of the contacts feature: a change to a contact or a tag refreshes the lists, the
// details and the tags at once, under the one root.

export const contactsKeys = {
  all: ['contacts'] as const,
  list: (query: Partial<TContactListQuery>) => ['contacts', 'list', query] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  lookup: (q: string, kind?: string) => ['contacts', 'lookup', q, kind] as const,
  duplicates: (email: string, taxNumber: string, exceptId?: string) =>
    ['contacts', 'duplicates', email, taxNumber, exceptId] as const,
  duplicateGroups: (page: number) => ['contacts', 'duplicate-groups', page] as const,
  tags: ['contacts', 'tags'] as const,
  savedFilters: ['contacts', 'saved-filters'] as const,
  owners: (q: string) => ['contacts', 'owners', q] as const,
  mails: (addresses: string[]) => ['contacts', 'mails', addresses] as const,
};
