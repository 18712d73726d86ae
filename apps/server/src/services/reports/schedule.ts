import { messages, type TReportScheduleFrequency } from '@cargodesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TMailer } from '../../mail/mail-plugin.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { recordAudit, type TAuditActor } from '../../platform/events/audit.ts';
import {
  type createProductGate,
  findUserAccess,
  findUserIdsWithPermission,
  findUserMailboxes,
  isPlanExpired,
} from '../access/public.ts';
import { storeMadeFile, type TFilesServiceDependencies } from '../files/public.ts';
import { checkDefinition } from './query.ts';
import * as repository from './repository.ts';
import { reportCsvChunks, reportExportMaxRows } from './result-batches.ts';

// Scheduled delivery: a report mailed weekly or monthly as CSV to chosen colleagues through the
// outbox. The schedule is a row, so it survives restarts; each instance polls, and a due schedule
// is claimed with FOR UPDATE SKIP LOCKED and a lease, so two instances deliver it once.

const deliveryHourUtc = 6;
/** Rows may stay claimed this long before another instance takes them over. */
const leaseMs = 10 * 60 * 1000;

/** The next delivery after `from`: Monday 06:00 UTC for weekly, the 1st at 06:00 UTC for monthly. */
export const nextRunAfter = (frequency: TReportScheduleFrequency, from: Date): Date => {
  const next = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), deliveryHourUtc),
  );
  if (frequency === 'weekly') {
    const daysToMonday = (8 - next.getUTCDay()) % 7;
    next.setUTCDate(next.getUTCDate() + daysToMonday);
    if (next <= from) next.setUTCDate(next.getUTCDate() + 7);
    return next;
  }
  next.setUTCDate(1);
  if (next <= from) next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

export type TScheduleRunnerDependencies = {
  db: Db;
  /** The company's products (access's product gate): a product's source exists only for its companies. */
  products: Pick<ReturnType<typeof createProductGate>, 'findProductCodes'>;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  drive: TFilesServiceDependencies;
  log: FastifyBaseLogger;
};

const systemActorOf = (auth: TAuthContext): TAuditActor => ({
  companyId: auth.companyId,
  userId: auth.userId,
  email: auth.user.email,
  ip: null,
  userAgent: 'report schedule',
  requestId: null,
});

export const createScheduleRunner = ({ db, products, mailer, drive, log }: TScheduleRunnerDependencies) => {
  /** Delivers one claimed schedule as its owner, with the permissions they hold now. */
  const deliver = async (
    claimed: Awaited<ReturnType<typeof repository.claimDueSchedules>>[number],
    now: Date,
  ) => {
    const { companyId, sketchId } = claimed;
    // A run missed while no instance was up is sent once, then the schedule moves on from now.
    const nextRunAt = nextRunAfter(claimed.frequency, claimed.nextRunAt > now ? claimed.nextRunAt : now);
    const reach = { productCodes: await products.findProductCodes(companyId) };
    const prepared = await withTenant(db, companyId, async (tx) => {
      const sketch = await repository.findSketch(tx, companyId, sketchId);
      const owner = sketch ? await findUserAccess(tx, companyId, sketch.ownerId) : undefined;
      if (!sketch || !owner?.permissions.includes('reports:read')) return undefined;
      // DESIGN §6: an expired subscription sends no mail, the composer's nor a schedule's. Nobody
      // is there to see a refusal, so the trail says why this run sent nothing; the schedule
      // moves on and delivers again once the plan is renewed.
      if (isPlanExpired(owner.company, now.getTime())) {
        await recordAudit(tx, systemActorOf(owner), {
          entityType: 'report-sketch',
          entityId: sketchId,
          action: 'update',
          after: { schedule: { delivered: false, reason: messages.subscriptionExpired } },
        });
        log.info({ companyId, sketchId }, 'a scheduled report was not sent: the plan has expired');
        return undefined;
      }
      try {
        const report = checkDefinition(owner, reach, sketch.definition);
        // Colleagues who lost the source's permission since the schedule was saved get nothing.
        const { permission } = report.source;
        const recipientIds = permission
          ? await findUserIdsWithPermission(tx, companyId, permission, { among: claimed.recipientIds })
          : claimed.recipientIds;
        const recipients = await findUserMailboxes(tx, companyId, recipientIds);
        return { sketch, owner, report, recipients };
      } catch (error) {
        // The owner lost the source's permission, the company its product, or the source a column: nothing to send.
        log.warn({ err: error, companyId, sketchId }, 'a scheduled report could not run');
        return undefined;
      }
    });
    if (!prepared || prepared.recipients.length === 0) {
      await withTenant(db, companyId, (tx) =>
        repository.finishScheduleRun(tx, { companyId, sketchId, ranAt: now, nextRunAt }),
      );
      return false;
    }
    const { sketch, owner, report, recipients } = prepared;
    // Read after the transaction, a batch a turn: this job shares the thread with every request.
    let csv = '';
    for await (const chunk of reportCsvChunks(db, owner, report, reportExportMaxRows)) csv += chunk;
    const actor = systemActorOf(owner);
    const fileName = `${sketch.name.replace(/[^\w .-]+/g, '_').trim() || 'report'}.csv`;
    const file = await storeMadeFile(drive, owner, actor, { fileName, bytes: new TextEncoder().encode(csv) });
    await withTenant(db, companyId, async (tx) => {
      await mailer.enqueue(
        {
          companyId,
          to: recipients.map((recipient) => recipient.email),
          subject: `Report: ${sketch.name}`,
          text: `${owner.user.firstName} ${owner.user.lastName} shares the ${claimed.frequency} report “${sketch.name}” with you. The result is attached as CSV.`,
          attachments: [
            { filename: file.name, contentType: 'text/csv', size: file.size, companyId, fileId: file._id },
          ],
        },
        tx,
      );
      await repository.finishScheduleRun(tx, { companyId, sketchId, ranAt: now, nextRunAt });
      await recordAudit(tx, actor, {
        entityType: 'report-sketch',
        entityId: sketchId,
        // A delivery is an export, by mail.
        action: 'export',
        after: { recipients: recipients.map((recipient) => recipient.email), fileId: file._id },
      });
    });
    return true;
  };

  /** Claims and delivers what is due; answers how many reports were mailed. */
  const runDue = async (now = new Date()) => {
    // One statement in the system context (the owner role), across companies.
    const claimed = await repository.claimDueSchedules(db, {
      now,
      leaseUntil: new Date(now.getTime() + leaseMs),
      limit: 10,
    });
    let delivered = 0;
    for (const schedule of claimed) {
      try {
        if (await deliver(schedule, now)) delivered += 1;
      } catch (error) {
        log.error(
          { err: error, companyId: schedule.companyId, sketchId: schedule.sketchId },
          'a scheduled report failed',
        );
      }
    }
    if (delivered > 0) mailer.wake();
    return delivered;
  };

  return { runDue };
};
