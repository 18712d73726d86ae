import {
  isIssueTransitionAllowed,
  issueMessages,
  type TIssue,
  type TIssueCommentCreate,
  type TIssueStatus,
  type TIssueSummary,
  type TIssueUpdate,
  type TListMeta,
  type ZIssueCreate,
  type ZIssueListQuery,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { listMeta } from '../../db/paging.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TDomainEvents } from '../../platform/events/domain-events.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { findReachableUserIds, findUserDisplayNames } from '../access/public.ts';
import { findCompanyFile } from '../files/public.ts';
import { findNamesOf, readIssueView, toIssueSummary } from './issue-view.ts';
import * as repository from './repository.ts';

// The company side of the tracker (docs/decisions/017-issue-tracker.md): anyone signed in reports a
// problem and follows their own; holders of issues:write see and manage every issue of the company.
// An issue the caller may not see answers 404, as another company's would.

export type TIssueServiceDependencies = { db: Db; events: TDomainEvents };

const canManage = (auth: TAuthContext) => auth.permissions.includes('issues:write');

const isVisibleTo = (auth: TAuthContext, row: repository.TIssueRow) =>
  canManage(auth) || row.reporterId === auth.userId || row.assigneeId === auth.userId;

const canDelete = (auth: TAuthContext, row: repository.TIssueRow) =>
  canManage(auth) || (row.reporterId === auth.userId && row.status === 'open');

/** What the audit trail keeps of an issue: its fields, not its comments. */
export const auditedIssue = (row: repository.TIssueRow) => ({
  title: row.title,
  severity: row.severity,
  status: row.status,
  assigneeId: row.assigneeId,
  reporterId: row.reporterId,
  fileId: row.fileId,
});

export const assertTransition = (from: TIssueStatus, to: TIssueStatus) => {
  if (from !== to && !isIssueTransitionAllowed(from, to)) {
    throw new AppError('CONFLICT', issueMessages.transition(from, to), { from, to });
  }
};

export const issueFacts = (row: repository.TIssueRow) => ({
  id: row.id,
  title: row.title,
  reporterId: row.reporterId,
  assigneeId: row.assigneeId,
});

export const createIssueService = ({ db, events }: TIssueServiceDependencies) => {
  const notFound = () => new AppError('NOT_FOUND', issueMessages.notFound);

  /** The issue if the caller may see it; 404 otherwise, whoever's it is. */
  const findVisible = async (tx: Tx, auth: TAuthContext, id: string, forUpdate = false) => {
    const row = await repository.findIssue(tx, auth.companyId, id, { forUpdate });
    if (!row || !isVisibleTo(auth, row)) throw notFound();
    return row;
  };

  const actorOf = (auth: TAuthContext) => ({
    userId: auth.userId,
    name: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email,
    isSupport: false,
  });

  const list = async (
    auth: TAuthContext,
    query: z.output<typeof ZIssueListQuery>,
  ): Promise<{ data: TIssueSummary[]; meta: TListMeta }> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const page = { page: query.page, pageSize: query.pageSize };
      const { rows, total } = await repository.findIssuePage(tx, auth.companyId, {
        ...page,
        q: query.q,
        status: query.status,
        severity: query.severity,
        reporterId: query.mine ? auth.userId : undefined,
        visibleTo: canManage(auth) ? undefined : auth.userId,
      });
      const names = await findNamesOf(tx, auth.companyId, rows);
      return { data: rows.map((row) => toIssueSummary(row, names)), meta: listMeta(total, page) };
    });

  const get = async (auth: TAuthContext, id: string): Promise<TIssue> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const row = await findVisible(tx as Tx, auth, id);
      return readIssueView(tx, row, { canManage: canManage(auth), canDelete: canDelete(auth, row) });
    });

  const create = async (
    auth: TAuthContext,
    actor: TAuditActor,
    body: z.output<typeof ZIssueCreate>,
  ): Promise<TIssue> =>
    withTenant(db, auth.companyId, async (tx) => {
      if (body.fileId) {
        const file = await findCompanyFile(tx, auth.companyId, body.fileId);
        // Only a file the reporter uploaded: an issue must not carry a colleague's file to support.
        if (!file || file.uploadedBy !== auth.userId) throw fieldError('fileId', issueMessages.fileNotFound);
      }
      const row: repository.TIssueRow = {
        companyId: auth.companyId,
        id: createId(),
        title: body.title,
        description: body.description,
        severity: body.severity,
        status: 'open',
        pageUrl: body.pageUrl,
        userAgent: body.userAgent,
        fileId: body.fileId ?? null,
        reporterId: auth.userId,
        assigneeId: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      await repository.insertIssue(tx, row);
      await auditTrails.issue(tx, actor, 'create', row.id, { after: auditedIssue(row) });
      await events.emit(tx, {
        type: 'tracker-issue-changed',
        companyId: auth.companyId,
        issue: issueFacts(row),
        actor: actorOf(auth),
        change: { kind: 'reported' },
      });
      return readIssueView(tx, row, { canManage: canManage(auth), canDelete: true });
    });

  const update = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    input: TIssueUpdate,
  ): Promise<TIssue> =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await findVisible(tx, auth, id, true);
      if (input.status === undefined && input.assigneeId === undefined && input.severity === undefined) {
        throw new AppError('VALIDATION_FAILED', issueMessages.nothingToChange);
      }
      if (input.status) assertTransition(before.status, input.status);
      if (input.assigneeId) {
        const [active] = await findReachableUserIds(tx, auth.companyId, { among: [input.assigneeId] });
        if (!active) throw fieldError('assigneeId', issueMessages.assigneeNotFound);
      }
      const after = await repository.updateIssue(tx, auth.companyId, id, {
        ...(input.status ? { status: input.status } : {}),
        ...(input.severity ? { severity: input.severity } : {}),
        ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}),
      });
      if (!after) throw notFound();
      await auditTrails.issue(tx, actor, 'update', id, {
        before: auditedIssue(before),
        after: auditedIssue(after),
      });
      const told = {
        type: 'tracker-issue-changed',
        companyId: auth.companyId,
        actor: actorOf(auth),
      } as const;
      if (after.status !== before.status) {
        await events.emit(tx, {
          ...told,
          issue: issueFacts(after),
          change: { kind: 'status', from: before.status, to: after.status },
        });
      }
      if (after.assigneeId !== before.assigneeId) {
        const names = await findUserDisplayNames(
          tx,
          auth.companyId,
          after.assigneeId ? [after.assigneeId] : [],
        );
        await events.emit(tx, {
          ...told,
          // The one taken off hears of it too.
          issue: { ...issueFacts(after), assigneeId: after.assigneeId ?? before.assigneeId },
          change: {
            kind: 'assigned',
            assigneeName: after.assigneeId ? (names.get(after.assigneeId) ?? null) : null,
          },
        });
      }
      return readIssueView(tx, after, { canManage: true, canDelete: true });
    });

  const comment = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    input: TIssueCommentCreate,
  ): Promise<TIssue> =>
    withTenant(db, auth.companyId, async (tx) => {
      await findVisible(tx, auth, id, true);
      const commentId = createId();
      await repository.insertComment(tx, {
        companyId: auth.companyId,
        id: commentId,
        issueId: id,
        authorId: auth.userId,
        authorKind: 'user',
        body: input.body,
      });
      // A comment is a change: the issue moves to the top of the lists.
      const row = await repository.updateIssue(tx, auth.companyId, id, {});
      if (!row) throw notFound();
      await auditTrails['issue-comment'](tx, actor, 'create', commentId, {
        after: { issueId: id, body: input.body },
      });
      await events.emit(tx, {
        type: 'tracker-issue-changed',
        companyId: auth.companyId,
        issue: issueFacts(row),
        actor: actorOf(auth),
        change: { kind: 'commented', comment: input.body },
      });
      return readIssueView(tx, row, { canManage: canManage(auth), canDelete: canDelete(auth, row) });
    });

  const remove = async (auth: TAuthContext, actor: TAuditActor, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const row = await findVisible(tx, auth, id, true);
      if (!canDelete(auth, row)) throw new AppError('FORBIDDEN', issueMessages.deleteNotAllowed);
      await repository.deleteIssue(tx, auth.companyId, id);
      await auditTrails.issue(tx, actor, 'delete', id, { before: auditedIssue(row) });
      return { _id: id };
    });

  return { list, get, create, update, comment, remove };
};
