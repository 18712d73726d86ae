import type { TTemplateListQuery } from '@cargodesk/shared';

// Every query key of the templates feature: a change to a template refreshes its lists, its
// detail and its versions at once, under the one root.

export const templatesKeys = {
  all: ['templates'] as const,
  list: (query: Partial<TTemplateListQuery>) => ['templates', 'list', query] as const,
  detail: (templateId: string) => ['templates', 'detail', templateId] as const,
  versions: (templateId: string, page: number) => ['templates', 'versions', templateId, page] as const,
};
