import type { TPortKind, TPortListQuery } from '@cargodesk/shared';

export const portsKeys = {
  all: ['ports'] as const,
  list: (kind: TPortKind, query: Partial<TPortListQuery>) => ['ports', kind, 'list', query] as const,
  detail: (kind: TPortKind, code: string | undefined) => ['ports', kind, 'detail', code] as const,
};
