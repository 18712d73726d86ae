// Under the users root: a change to any user refreshes the counts.
export const dashboardKeys = {
  userCounts: () => ['users', 'count'] as const,
};
