// The profile feature's query keys; under the users root, so a user change refreshes them too.

export const profileKeys = {
  users: ['users'] as const,
  detail: (userId?: string) => ['users', userId ?? 'me', 'profile'] as const,
  /** The signed-in user's formatting preferences (App settings). */
  preferences: () => ['users', 'me', 'preferences'] as const,
};
