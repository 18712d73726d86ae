// Each under the root its own screen invalidates, so a change made there refreshes the dashboard:
// the user counts under users, pinned reports under reports, recent contacts under contacts.
export const dashboardKeys = {
  userCounts: () => ['users', 'count'] as const,
  pinnedReports: () => ['reports', 'pinned'] as const,
  recentChanges: () => ['audit', 'recent'] as const,
  openProblems: () => ['issues', 'open'] as const,
  recentContacts: () => ['contacts', 'recent'] as const,
  recentMail: () => ['mail', 'sent', 'recent'] as const,
  baseCurrency: () => ['currency-settings', 'base'] as const,
  lastChangedTemplate: () => ['templates', 'last-changed'] as const,
  shipmentCounts: () => ['shipments', 'dashboard-counts'] as const,
};
