import type { TIssueListQuery } from '@cargodesk/shared';

// Every query key of the issue tracker: a change to an issue refreshes its lists and details at
// once, under the one root; the platform console's keys sit under another.

export const issuesKeys = {
  all: ['issues'] as const,
  list: (query: TIssueListQuery) => ['issues', 'list', query] as const,
  detail: (id: string) => ['issues', 'detail', id] as const,
  /** The company's active users an issue can be assigned to, found by name. */
  assignees: (search: string) => ['issues', 'assignees', search] as const,
  platformAll: ['platform-issues'] as const,
  platformList: (query: TIssueListQuery) => ['platform-issues', 'list', query] as const,
  platformDetail: (id: string) => ['platform-issues', 'detail', id] as const,
};
