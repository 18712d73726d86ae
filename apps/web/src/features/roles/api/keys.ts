// The roles screen's query keys: roles, groups, and the company's users it offers as members
// (under the users root, so a change to a user refreshes them).

export const rolesKeys = {
  all: ['roles'] as const,
  lists: ['roles', 'list'] as const,
  list: (query: Readonly<Record<string, unknown>>) => ['roles', 'list', query] as const,
  detail: (roleId: string) => ['roles', 'detail', roleId] as const,
  groups: ['groups'] as const,
  groupList: (query: Readonly<Record<string, unknown>>) => ['groups', 'list', query] as const,
  group: (groupId: string) => ['groups', 'detail', groupId] as const,
  companyUsers: () => ['users', 'list', { pageSize: 100 }] as const,
};
