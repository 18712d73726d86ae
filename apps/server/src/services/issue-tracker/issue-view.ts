import { supportAuthorName, type TIssue, type TIssueComment, type TIssueSummary } from '@cargodesk/shared';
import type { Queryable } from '../../db/client.ts';
import { findUserDisplayNames } from '../access/public.ts';
import { findCompanyFile } from '../files/public.ts';
import * as repository from './repository.ts';

// An issue as the API shows it: people by name, support by its one name, the attachment's metadata.

const personOf = (names: Map<string, string>, id: string | null) =>
  id ? { _id: id, name: names.get(id) || 'Former user' } : null;

/** The display names of everyone the rows name, in one read. */
export const findNamesOf = (db: Queryable, companyId: string, rows: repository.TIssueRow[]) =>
  findUserDisplayNames(
    db,
    companyId,
    rows.flatMap((row) => [row.reporterId, row.assigneeId]).filter((id): id is string => id !== null),
  );

export const toIssueSummary = (row: repository.TIssueListRow, names: Map<string, string>): TIssueSummary => ({
  _id: row.id,
  title: row.title,
  severity: row.severity,
  status: row.status,
  reporter: personOf(names, row.reporterId),
  assignee: personOf(names, row.assigneeId),
  commentCount: row.commentCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toComment = (row: repository.TIssueCommentRow, names: Map<string, string>): TIssueComment => ({
  _id: row.id,
  body: row.body,
  authorKind: row.authorKind,
  authorName:
    row.authorKind === 'support' ? supportAuthorName : (names.get(row.authorId ?? '') ?? 'Former user'),
  createdAt: row.createdAt.toISOString(),
});

/** The whole issue with its comments, read inside the company's tenant transaction. */
export const readIssueView = async (
  tx: Queryable,
  row: repository.TIssueRow,
  rights: { canManage: boolean; canDelete: boolean },
): Promise<TIssue> => {
  const comments = await repository.findComments(tx, row.companyId, row.id);
  const names = await findUserDisplayNames(
    tx,
    row.companyId,
    [row.reporterId, row.assigneeId, ...comments.map((comment) => comment.authorId)].filter(
      (id): id is string => id !== null,
    ),
  );
  const file = row.fileId ? await findCompanyFile(tx, row.companyId, row.fileId) : undefined;
  return {
    ...toIssueSummary({ ...row, commentCount: comments.length }, names),
    description: row.description,
    pageUrl: row.pageUrl,
    userAgent: row.userAgent,
    attachment: file
      ? { _id: file._id, name: file.name, contentType: file.contentType, size: file.size }
      : null,
    comments: comments.map((comment) => toComment(comment, names)),
    ...rights,
  };
};
