import type { TTemplateDraft, TTemplateListQuery } from '@cargodesk/shared';

// Every query key of the templates feature: a change to a template refreshes its lists, its
// detail and its versions at once, under the one root.

export const templatesKeys = {
  all: ['templates'] as const,
  list: (query: Partial<TTemplateListQuery>) => ['templates', 'list', query] as const,
  detail: (templateId: string) => ['templates', 'detail', templateId] as const,
  versions: (templateId: string, page: number) => ['templates', 'versions', templateId, page] as const,
  version: (templateId: string, number: number) => ['templates', 'version', templateId, number] as const,
  /** A draft's check and preview: the same text is checked once. */
  check: (draft: TTemplateDraft) => ['templates', 'check', draft] as const,
};
