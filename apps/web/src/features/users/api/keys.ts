import type { TUserListQuery } from '@cargodesk/shared';

// Every query key of the users feature. The roots are shared on purpose: a change to a user
// refreshes every screen's copy of users (the dashboard's counts, the roles screen's list).

export const usersKeys = {
  all: ['users'] as const,
  list: (query: TUserListQuery) => ['users', 'list', query] as const,
  detail: (userId: string) => ['users', 'detail', userId] as const,
  apiTokens: (userId: string) => ['users', 'detail', userId, 'api-tokens'] as const,
  roleOptions: () => ['roles', 'options'] as const,
  groupOptions: () => ['groups', 'options'] as const,
};
