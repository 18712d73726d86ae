// Every query key of report sketches, under one root: a saved change refreshes lists, details,
// results and the dashboard's pinned reports at once.
export const reportsKeys = {
  all: ['reports'] as const,
  sources: () => ['reports', 'sources'] as const,
  list: (query: object) => ['reports', 'list', query] as const,
  detail: (id: string) => ['reports', 'detail', id] as const,
  result: (definition: object) => ['reports', 'result', definition] as const,
  colleagues: () => ['reports', 'colleagues'] as const,
};
