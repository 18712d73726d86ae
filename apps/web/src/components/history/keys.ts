import type { TAuditEntityType } from '@cargodesk/shared';

// The history drawer's query keys: one entity's history sits under one root, so a screen that saved
// the entity can invalidate every page of it.

export const auditHistoryKeys = {
  all: ['audit-history'] as const,
  entity: (entityType: TAuditEntityType, entityId: string) =>
    ['audit-history', entityType, entityId] as const,
  page: (entityType: TAuditEntityType, entityId: string, page: number) =>
    ['audit-history', entityType, entityId, page] as const,
};
