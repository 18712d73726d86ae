import { mailMessages } from '@cargodesk/shared';
import type { TMailRecipientLimits } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../platform/http/errors.ts';
import * as repository from './outbox-counts.ts';

// A company's daily mail allowance counts recipients, not mails: one mail to fifty addresses costs
// fifty. A new company starts small and grows into the full limit, so a throwaway sign-up cannot
// relay thousands of mails under "<name> via Cargodesk" on its first day (docs/security.md).
// Invitations are addresses a company chose too, and count the same (access's users-service).

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Recipients a company may reach in 24 hours at its age: `firstDay` on its first day, then a
 * straight line up to `daily` after `rampDays` whole days.
 */
export const dailyRecipientAllowance = (
  { daily, firstDay, rampDays }: TMailRecipientLimits,
  { companyCreatedAt, now }: { companyCreatedAt: Date; now: Date },
) => {
  const start = Math.min(firstDay, daily);
  const daysOld = Math.max(0, Math.floor((now.getTime() - companyCreatedAt.getTime()) / dayMs));
  if (daysOld >= rampDays) return daily;
  return Math.floor(start + ((daily - start) * daysOld) / rampDays);
};

/**
 * Counts `recipients` against the company's allowance, or refuses with 429. Call it inside the
 * transaction that queues the mail: it holds the company's row, so parallel sends (on any instance)
 * count one after the other, and the mail's own row is the count the next send sees.
 */
export const consumeRecipientBudget = async (
  tx: Queryable,
  {
    companyId,
    recipients,
    limits,
    now = new Date(),
  }: {
    companyId: string;
    recipients: number;
    limits: TMailRecipientLimits;
    now?: Date;
  },
) => {
  const company = await repository.lockCompany(tx, companyId);
  if (!company) throw new AppError('NOT_FOUND', 'Company not found');
  const limit = dailyRecipientAllowance(limits, { companyCreatedAt: company.createdAt, now });
  const used = await repository.countComposerRecipientsSince(tx, companyId, new Date(now.getTime() - dayMs));
  const remaining = Math.max(0, limit - used);
  if (recipients > remaining) {
    throw new AppError('RATE_LIMITED', mailMessages.recipientLimit({ limit, remaining }), {
      limit,
      remaining,
    });
  }
};
