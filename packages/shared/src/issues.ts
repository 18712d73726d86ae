import { z } from 'zod';
import { ZPageQuery } from './lists.ts';

// The issue tracker (services/issuetracker, docs/decisions/017-issue-tracker.md): a user reports a
// problem, the company's admins and Cargodesk support follow it to the end.

export const issueSeverities = ['low', 'medium', 'high', 'critical'] as const;
export type TIssueSeverity = (typeof issueSeverities)[number];

export const issueStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TIssueStatus = (typeof issueStatuses)[number];

/** open → in progress → resolved → closed; a resolved issue may be reopened, and work may start over. */
export const issueTransitions: Record<TIssueStatus, readonly TIssueStatus[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['open', 'resolved'],
  resolved: ['closed', 'open'],
  closed: [],
};

export const isIssueTransitionAllowed = (from: TIssueStatus, to: TIssueStatus) =>
  issueTransitions[from].includes(to);

export const issueStatusLabels: Record<TIssueStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const issueRules = {
  maxTitleLength: 200,
  maxDescriptionLength: 10_000,
  maxCommentLength: 5_000,
  maxPageUrlLength: 2_000,
  maxUserAgentLength: 500,
} as const;

/** The name a platform admin's answers carry: the company talks to the product, not to a person. */
export const supportAuthorName = 'Cargodesk support';

export const issueMessages = {
  notFound: 'No such issue in your company',
  notFoundAnywhere: 'No such issue',
  transition: (from: TIssueStatus, to: TIssueStatus) =>
    `An issue that is ${issueStatusLabels[from].toLowerCase()} cannot become ${issueStatusLabels[to].toLowerCase()}`,
  deleteNotAllowed: 'Only an issue manager, or its reporter while it is still open, may delete an issue',
  assigneeNotFound: 'must be an active user of your company',
  fileNotFound: 'must be a file you uploaded to your company',
  nothingToChange: 'Give a status, an assignee, a severity or a comment',
  reported: 'Thank you: your problem was reported',
} as const;

const ZTitle = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(issueRules.maxTitleLength, `must be at most ${issueRules.maxTitleLength} characters`);
const ZDescription = z
  .string()
  .trim()
  .max(issueRules.maxDescriptionLength, `must be at most ${issueRules.maxDescriptionLength} characters`);
const ZCommentBody = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(issueRules.maxCommentLength, `must be at most ${issueRules.maxCommentLength} characters`);

/** POST /iamserver/api/v1/issue/tracker: the page and browser are captured by the web app. */
export const ZIssueCreate = z
  .object({
    title: ZTitle,
    description: ZDescription.default(''),
    severity: z.enum(issueSeverities).default('medium'),
    pageUrl: z.string().trim().max(issueRules.maxPageUrlLength).default(''),
    userAgent: z.string().trim().max(issueRules.maxUserAgentLength).default(''),
    /** A screenshot or file the reporter uploaded through driveserver first. */
    fileId: z.uuid({ error: 'must be a file id' }).optional(),
  })
  .strict();
export type TIssueCreate = z.input<typeof ZIssueCreate>;

/** PATCH /iamserver/api/v1/issue/tracker/:id (issues:write). */
export const ZIssueUpdate = z
  .object({
    status: z.enum(issueStatuses).optional(),
    /** null takes the assignee off. */
    assigneeId: z.uuid({ error: 'must be a user id' }).nullable().optional(),
    severity: z.enum(issueSeverities).optional(),
  })
  .strict();
export type TIssueUpdate = z.infer<typeof ZIssueUpdate>;

export const ZIssueCommentCreate = z.object({ body: ZCommentBody }).strict();
export type TIssueCommentCreate = z.infer<typeof ZIssueCommentCreate>;

/** PATCH /iamserver/api/v1/app-admin/issues/:id: support changes the status and may say why. */
export const ZPlatformIssueUpdate = z
  .object({
    status: z.enum(issueStatuses).optional(),
    comment: ZCommentBody.optional(),
  })
  .strict();
export type TPlatformIssueUpdate = z.infer<typeof ZPlatformIssueUpdate>;

export const ZIssueIdParams = z.object({ id: z.uuid({ error: 'must be an issue id' }) }).strict();

export const ZIssueListQuery = ZPageQuery.omit({ sort: true })
  .extend({
    status: z.enum(issueStatuses).optional(),
    severity: z.enum(issueSeverities).optional(),
    /** Only the issues the caller reported. */
    mine: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  })
  .strict();
/** As the client sends it. */
export type TIssueListQuery = {
  page?: number;
  pageSize?: number;
  q?: string;
  status?: TIssueStatus;
  severity?: TIssueSeverity;
  mine?: 'true' | 'false';
};

const ZPerson = z.object({ _id: z.string(), name: z.string() }).nullable();

export const ZIssueSummary = z.object({
  _id: z.string(),
  title: z.string(),
  severity: z.enum(issueSeverities),
  status: z.enum(issueStatuses),
  reporter: ZPerson,
  assignee: ZPerson,
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TIssueSummary = z.infer<typeof ZIssueSummary>;

export const ZIssueComment = z.object({
  _id: z.string(),
  body: z.string(),
  /** A colleague, or Cargodesk support (a platform admin), whose name is not shown. */
  authorKind: z.enum(['user', 'support']),
  authorName: z.string(),
  createdAt: z.string(),
});
export type TIssueComment = z.infer<typeof ZIssueComment>;

export const ZIssueAttachment = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const ZIssue = ZIssueSummary.extend({
  description: z.string(),
  pageUrl: z.string(),
  userAgent: z.string(),
  attachment: ZIssueAttachment.nullable(),
  comments: z.array(ZIssueComment),
  /** What the caller may do with it, so screens offer only that. */
  canManage: z.boolean(),
  canDelete: z.boolean(),
});
export type TIssue = z.infer<typeof ZIssue>;

/** The platform console's rows: every company's issues. */
export const ZPlatformIssueSummary = ZIssueSummary.extend({
  companyId: z.string(),
  companyName: z.string(),
});
export type TPlatformIssueSummary = z.infer<typeof ZPlatformIssueSummary>;

export const ZPlatformIssue = ZIssue.extend({ companyId: z.string(), companyName: z.string() });
export type TPlatformIssue = z.infer<typeof ZPlatformIssue>;
