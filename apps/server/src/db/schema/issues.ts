import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, rowTimestamps } from './columns.ts';
import { companyRowColumns } from './tenancy.ts';

// The issue tracker's tables (services/issue-tracker/, docs/decisions/017-issue-tracker.md).

/**
 * A problem a user reported. Who follows it is not stored: the reporter, the assignee and the
 * holders of issues:write are read when something happens, so a new admin follows every issue.
 */
export const trackerIssues = pgTable(
  'tracker_issues',
  {
    ...companyRowColumns(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }).notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    /** The app's address and browser when the problem was reported, captured by the web app. */
    pageUrl: text('page_url').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** A screenshot or file in files; null when none was given or it was deleted since. */
    fileId: uuid('file_id'),
    reporterId: uuid('reporter_id'),
    assigneeId: uuid('assignee_id'),
    ...rowTimestamps(),
  },
  (table) => [
    companyRowKey(table),
    index('tracker_issues_list_idx').on(table.companyId, table.updatedAt),
    // The platform console lists every company's issues newest first.
    index('tracker_issues_updated_idx').on(table.updatedAt),
  ],
);

/** What was said about an issue, by a colleague or by Cargodesk support; never changed. */
export const trackerIssueComments = pgTable(
  'tracker_issue_comments',
  {
    ...companyRowColumns(),
    issueId: uuid('issue_id').notNull(),
    /** The colleague who wrote it; null for support, whose account is in no company. */
    authorId: uuid('author_id'),
    authorKind: text('author_kind', { enum: ['user', 'support'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.issueId], trackerIssues).onDelete('cascade'),
    index('tracker_issue_comments_issue_idx').on(table.companyId, table.issueId, table.createdAt),
  ],
);
