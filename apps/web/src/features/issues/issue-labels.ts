import { issueStatusLabels, type TIssueSeverity, type TIssueStatus } from '@cargodesk/shared';

// How the tracker's values read and look on screen.

export const severityLabels: Record<TIssueSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

// Presets whose text keeps AA contrast on their tint: antd's gold, orange and green fall below it.
export const severityColors: Record<TIssueSeverity, string> = {
  low: 'default',
  medium: 'blue',
  high: 'magenta',
  critical: 'red',
};

export const statusColors: Record<TIssueStatus, string> = {
  open: 'blue',
  in_progress: 'purple',
  resolved: 'success',
  closed: 'default',
};

/** What the button that moves an issue to `status` says. */
export const transitionLabels: Record<TIssueStatus, string> = {
  open: 'Reopen',
  in_progress: 'Start work',
  resolved: 'Resolve',
  closed: 'Close',
};

export { issueStatusLabels as statusLabels };
