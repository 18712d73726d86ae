import type { TAdminCompanyListQuery, TPlatformAuditQuery } from '@cargodesk/shared';

// Every query key of the platform console. A change to a company refreshes its row, its page and
// the platform trail together.

export const adminKeys = {
  all: ['admin'] as const,
  companies: (query: Partial<TAdminCompanyListQuery>) => ['admin', 'companies', query] as const,
  company: (id: string) => ['admin', 'company', id] as const,
  companyPart: (id: string, part: 'users' | 'groups' | 'roles', query: object) =>
    ['admin', 'company', id, part, query] as const,
  audit: (query: Partial<TPlatformAuditQuery>) => ['admin', 'audit', query] as const,
};
