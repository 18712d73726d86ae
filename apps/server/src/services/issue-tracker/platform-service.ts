import {
  issueMessages,
  supportAuthorName,
  type TIssueCommentCreate,
  type TListMeta,
  type TPlatformIssue,
  type TPlatformIssueSummary,
  type TPlatformIssueUpdate,
  type ZIssueListQuery,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { listMeta } from '../../db/paging.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../platform/events/audit.ts';
import type { TDomainEvents } from '../../platform/events/domain-events.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findCompanyNames, recordPlatformAction, type TPlatformActor } from '../access/public.ts';
import { findNamesOf, readIssueView, toIssueSummary } from './issue-view.ts';
import * as repository from './repository.ts';
import { assertTransition, auditedIssue, issueFacts } from './service.ts';

// The platform console's side (docs/decisions/017-issue-tracker.md): Cargodesk support reads every
// company's issues and answers them. Only the list and the lookup of an issue's company read across
// companies, in the system context; everything about one issue runs in that company's tenant
// transaction, so row-level security still holds and the company's audit trail records it.

/**
 * A platform admin acting on a company's issue: recorded in that company's trail as support, and in
 * the platform's own trail by identity account.
 */
export type TSupportActor = TPlatformActor;

export type TPlatformIssueServiceDependencies = { db: Db; events: TDomainEvents };

const supportActor = { userId: null, name: supportAuthorName, isSupport: true } as const;

export const createPlatformIssueService = ({ db, events }: TPlatformIssueServiceDependencies) => {
  const notFound = () => new AppError('NOT_FOUND', issueMessages.notFoundAnywhere);

  const auditActorFor = (actor: TSupportActor, companyId: string): TAuditActor => ({
    companyId,
    userId: null,
    email: `${supportAuthorName} (${actor.email})`,
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });

  const companyOf = async (id: string) => {
    const companyId = await repository.findIssueCompanyId(db, id);
    if (!companyId) throw notFound();
    return companyId;
  };

  const list = async (
    query: z.output<typeof ZIssueListQuery>,
  ): Promise<{ data: TPlatformIssueSummary[]; meta: TListMeta }> => {
    const page = { page: query.page, pageSize: query.pageSize };
    const { rows, total } = await repository.findIssuePageAcrossCompanies(db, {
      ...page,
      q: query.q,
      status: query.status,
      severity: query.severity,
    });
    const companyIds = [...new Set(rows.map((row) => row.companyId))];
    const companyNames = await findCompanyNames(db, companyIds);
    const names = new Map<string, string>();
    for (const companyId of companyIds) {
      const ofCompany = await findNamesOf(
        db,
        companyId,
        rows.filter((row) => row.companyId === companyId),
      );
      for (const [id, name] of ofCompany) names.set(id, name);
    }
    return {
      data: rows.map((row) => ({
        ...toIssueSummary(row, names),
        companyId: row.companyId,
        companyName: companyNames.get(row.companyId) ?? '',
      })),
      meta: listMeta(total, page),
    };
  };

  const readView = async (tx: Tx, row: repository.TIssueRow): Promise<TPlatformIssue> => {
    const companyNames = await findCompanyNames(tx, [row.companyId]);
    const view = await readIssueView(tx, row, { canManage: true, canDelete: false });
    return { ...view, companyId: row.companyId, companyName: companyNames.get(row.companyId) ?? '' };
  };

  const get = async (id: string): Promise<TPlatformIssue> => {
    const companyId = await companyOf(id);
    return withTenantRead(db, companyId, async (tx) => {
      const row = await repository.findIssue(tx, companyId, id);
      if (!row) throw notFound();
      return readView(tx as Tx, row);
    });
  };

  /** A status change, a comment, or both; each told to the issue's followers. */
  const answer = async (actor: TSupportActor, id: string, input: TPlatformIssueUpdate) => {
    if (input.status === undefined && input.comment === undefined) {
      throw new AppError('VALIDATION_FAILED', issueMessages.nothingToChange);
    }
    const companyId = await companyOf(id);
    return withTenant(db, companyId, async (tx) => {
      const before = await repository.findIssue(tx, companyId, id, { forUpdate: true });
      if (!before) throw notFound();
      if (input.status) assertTransition(before.status, input.status);
      const audit = auditActorFor(actor, companyId);
      const [companyName] = (await findCompanyNames(tx, [companyId])).values();
      await recordPlatformAction(tx, actor, {
        action: 'issue-answer',
        company: { id: companyId, name: companyName ?? '' },
        details: {
          issueId: id,
          title: before.title,
          ...(input.status ? { status: { from: before.status, to: input.status } } : {}),
          ...(input.comment !== undefined ? { commented: true } : {}),
        },
      });
      if (input.comment !== undefined) {
        const commentId = createId();
        await repository.insertComment(tx, {
          companyId,
          id: commentId,
          issueId: id,
          authorId: null,
          authorKind: 'support',
          body: input.comment,
        });
        await auditTrails['issue-comment'](tx, audit, 'create', commentId, {
          after: { issueId: id, body: input.comment },
        });
        await events.emit(tx, {
          type: 'tracker-issue-changed',
          companyId,
          issue: issueFacts(before),
          actor: supportActor,
          change: { kind: 'commented', comment: input.comment },
        });
      }
      const after = await repository.updateIssue(
        tx,
        companyId,
        id,
        input.status ? { status: input.status } : {},
      );
      if (!after) throw notFound();
      if (after.status !== before.status) {
        await auditTrails.issue(tx, audit, 'update', id, {
          before: auditedIssue(before),
          after: auditedIssue(after),
        });
        await events.emit(tx, {
          type: 'tracker-issue-changed',
          companyId,
          issue: issueFacts(after),
          actor: supportActor,
          change: { kind: 'status', from: before.status, to: after.status },
        });
      }
      return readView(tx, after);
    });
  };

  const comment = (actor: TSupportActor, id: string, input: TIssueCommentCreate) =>
    answer(actor, id, { comment: input.body });

  return { list, get, answer, comment };
};
