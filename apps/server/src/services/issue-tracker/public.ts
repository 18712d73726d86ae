// issue-tracker's public surface: what the app registers. Other modules hear of issues through the
// `tracker-issue-changed` domain event (notifications tells the followers), never through its tables.

/** The tracker's routes, registered under /iamserver/api/v1 (docs/decisions/017-issue-tracker.md). */
export { registerIssueTracker } from './routes.ts';
