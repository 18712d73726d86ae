// Under the users root: a change to any user refreshes the counts. Pinned reports sit under the
// reports root, so pinning on a report screen refreshes them.
export const dashboardKeys = {
  userCounts: () => ['users', 'count'] as const,
  pinnedReports: () => ['reports', 'pinned'] as const,
};
