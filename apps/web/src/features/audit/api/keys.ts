// The audit log screen's query keys: pages of the trail per filter, and the colleagues it offers as
// actors (under the users root, so a change to a user refreshes them).

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: Readonly<Record<string, unknown>>) => ['audit', 'list', query] as const,
  actors: () => ['users', 'list', { pageSize: 100, sort: 'name' }] as const,
};
