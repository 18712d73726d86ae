import {
  appAdminMessages,
  type TAdminCompany,
  type TAdminCompanyListQuery,
  type TAdminPlanChange,
  type TListMeta,
  type TPlatformAuditAction,
  type TPlatformAuditEvent,
  type TPlatformAuditQuery,
} from '@cargodesk/shared';
import type { Db, Queryable } from '../../../db/client.ts';
import { listMeta, pageOffset } from '../../../db/paging.ts';
import type { TMailer } from '../../../mail/mail-plugin.ts';
import { countMailsSentSince } from '../../../mail/outbox-counts.ts';
import { recordAudit } from '../../../platform/events/audit.ts';
import type { TEventsBus } from '../../../platform/events/events-bus.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import { renderSystemMail } from '../../../templating/system-mails.ts';
import { sumStorageByCompany } from '../../files/public.ts';
import { findCompany } from '../company-and-profile/company-repository.ts';
import { isPlanExpired } from '../mappers.ts';
import { endCompanySessions } from '../sign-in/session-end.ts';
import * as repository from './app-admin-repository.ts';
import { recordPlatformAction, type TPlatformActor } from './platform-trail.ts';

export type { TPlatformActor };

// The platform console (docs/product.md "Platform console"): every company's plan, status and usage,
// for the installation's platform administrators. Each change is one transaction that writes the
// company, an entry in the company's own audit trail (its admins see who acted) and one in the
// platform's trail.

export type TAppAdminDependencies = {
  db: Db;
  events: TEventsBus;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
};

const startOfMonthUtc = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** The last moment of a calendar day (UTC): a plan that expires on a day works all of that day. */
const endOfDayUtc = (day: string) => new Date(`${day}T23:59:59.999Z`);

const toAdminCompany = (
  { company, userCount }: { company: repository.TCompanyRow; userCount: number },
  usage: { mails: Map<string, number>; storage: Map<string, number> },
): TAdminCompany => ({
  _id: company.id,
  name: company.name,
  status: company.status,
  statusReason: company.statusReason,
  planName: company.planName,
  planExpiresAt: company.planExpiresAt.toISOString(),
  isExpired: isPlanExpired(company),
  userCount,
  mailsSentThisMonth: usage.mails.get(company.id) ?? 0,
  storageBytes: usage.storage.get(company.id) ?? 0,
  createdAt: company.createdAt.toISOString(),
});

const toPlatformAuditEvent = (
  row: Awaited<ReturnType<typeof repository.findPlatformAuditPage>>['rows'][number],
): TPlatformAuditEvent => ({
  _id: row.id,
  occurredAt: row.occurredAt.toISOString(),
  actorEmail: row.actorEmail,
  action: row.action,
  companyId: row.companyId,
  companyName: row.companyName,
  details: row.details ?? null,
  ip: row.ip,
});

/** What the company's trail and the platform's trail both say about a change. */
const planView = (company: repository.TCompanyRow) => ({
  planName: company.planName,
  planExpiresAt: company.planExpiresAt.toISOString(),
});
const statusView = (company: repository.TCompanyRow) => ({
  status: company.status,
  statusReason: company.statusReason,
});

export const createAppAdminService = ({ db, events, mailer }: TAppAdminDependencies) => {
  const usageOf = async (companyIds: string[]) => {
    const [mails, storage] = await Promise.all([
      countMailsSentSince(db, companyIds, startOfMonthUtc()),
      sumStorageByCompany(db, companyIds),
    ]);
    return { mails, storage };
  };

  const requireCompany = async (tx: Queryable, companyId: string) => {
    const company = await repository.lockCompany(tx, companyId);
    if (!company) throw new AppError('NOT_FOUND', appAdminMessages.companyNotFound);
    return company;
  };

  /** The platform's trail and the company's own, in the transaction that makes the change. */
  const recordBoth = async (
    tx: Queryable,
    actor: TPlatformActor,
    company: Pick<repository.TCompanyRow, 'id' | 'name'>,
    entry: {
      action: TPlatformAuditAction;
      companyAction: 'update' | 'suspend' | 'reactivate' | 'view';
      before?: unknown;
      after: unknown;
      /** What the platform's trail keeps, when not the before and after. */
      details?: unknown;
    },
  ) => {
    await recordPlatformAction(tx, actor, {
      action: entry.action,
      company: { id: company.id, name: company.name },
      details: entry.details ?? { before: entry.before, after: entry.after },
    });
    // The company's admins read it in their own trail: a platform administrator, by address, is no
    // user of theirs, so the entry names no user id.
    await recordAudit(
      tx,
      { ...actor, companyId: company.id, userId: null, email: `${actor.email} (platform administrator)` },
      {
        entityType: 'company',
        entityId: company.id,
        action: entry.companyAction,
        before: entry.before,
        after: entry.after,
      },
    );
  };

  const listCompanies = async (
    query: TAdminCompanyListQuery,
  ): Promise<{ data: TAdminCompany[]; meta: TListMeta }> => {
    const sort = readSort(query.sort ?? 'name', {
      name: true,
      planExpiresAt: true,
      createdAt: true,
      status: true,
    } as const);
    const { rows, total } = await repository.findCompaniesPage(db, {
      q: query.q || undefined,
      status: query.status,
      expired: query.expired,
      sort: { field: sort?.field ?? 'name', isDescending: sort?.isDescending ?? false },
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    const usage = await usageOf(rows.map((row) => row.company.id));
    return { data: rows.map((row) => toAdminCompany(row, usage)), meta: listMeta(total, query) };
  };

  const getCompany = async (companyId: string): Promise<TAdminCompany> => {
    const row = await repository.findCompanyWithUserCount(db, companyId);
    if (!row) throw new AppError('NOT_FOUND', appAdminMessages.companyNotFound);
    return toAdminCompany(row, await usageOf([companyId]));
  };

  const changePlan = async (actor: TPlatformActor, companyId: string, change: TAdminPlanChange) => {
    await db.transaction(async (tx) => {
      const before = await requireCompany(tx, companyId);
      const after = await repository.updateCompanyAsPlatform(tx, companyId, {
        ...(change.planName === undefined ? {} : { planName: change.planName }),
        ...(change.expiresOn === undefined ? {} : { planExpiresAt: endOfDayUtc(change.expiresOn) }),
      });
      if (!after) throw new AppError('NOT_FOUND', appAdminMessages.companyNotFound);
      await recordBoth(tx, actor, after, {
        action: 'plan-change',
        companyAction: 'update',
        before: planView(before),
        after: planView(after),
      });
    });
    return getCompany(companyId);
  };

  /** Suspends or reactivates, tells the company's admins why, and (suspending) ends every session. */
  const setStatus = async (
    actor: TPlatformActor,
    companyId: string,
    { status, reason }: { status: 'active' | 'suspended'; reason: string },
  ) => {
    const isSuspending = status === 'suspended';
    await db.transaction(async (tx) => {
      const before = await requireCompany(tx, companyId);
      if (before.status === status) {
        throw new AppError(
          'CONFLICT',
          isSuspending ? appAdminMessages.alreadySuspended : appAdminMessages.notSuspended,
        );
      }
      const after = await repository.updateCompanyAsPlatform(tx, companyId, { status, statusReason: reason });
      if (!after) throw new AppError('NOT_FOUND', appAdminMessages.companyNotFound);
      // The company's cached sign-ins clear on this commit (the companies trigger); the revoked
      // sessions and the event close what is already open, on every instance.
      if (isSuspending) await endCompanySessions(tx, events, companyId);
      await recordBoth(tx, actor, after, {
        action: isSuspending ? 'suspend' : 'reactivate',
        companyAction: isSuspending ? 'suspend' : 'reactivate',
        before: statusView(before),
        after: statusView(after),
      });
      const adminEmails = await repository.findAdminEmails(tx, companyId);
      const content = await renderSystemMail(isSuspending ? 'company-suspended' : 'company-reactivated', {
        companyName: after.name,
        reason,
      });
      // One mail each: admins of one company, but nobody learns another's address from it.
      for (const email of adminEmails) await mailer.enqueue({ companyId, to: [email], ...content }, tx);
    });
    mailer.wake();
    return getCompany(companyId);
  };

  /**
   * A platform administrator read a company's users, groups or roles: both trails say whose, so the
   * company's admins see it in their audit log too.
   */
  const recordView = async (actor: TPlatformActor, companyId: string, what: 'users' | 'groups' | 'roles') => {
    const company = await findCompany(db, companyId);
    if (!company) throw new AppError('NOT_FOUND', appAdminMessages.companyNotFound);
    await db.transaction((tx) =>
      recordBoth(tx, actor, company, {
        action: 'view-company',
        companyAction: 'view',
        after: { viewed: what },
        details: { viewed: what },
      }),
    );
  };

  const listPlatformAudit = async (
    query: TPlatformAuditQuery,
  ): Promise<{ data: TPlatformAuditEvent[]; meta: TListMeta }> => {
    const { rows, total } = await repository.findPlatformAuditPage(db, {
      q: query.q || undefined,
      companyId: query.companyId,
      action: query.action,
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return { data: rows.map(toPlatformAuditEvent), meta: listMeta(total, query) };
  };

  return { listCompanies, getCompany, changePlan, setStatus, recordView, listPlatformAudit };
};

export type TAppAdminService = ReturnType<typeof createAppAdminService>;
