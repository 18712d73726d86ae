import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { companies, mails } from '../db/schema/index.ts';

// What the outbox's table tells about a company's sending: the recipients it addressed lately (its
// daily allowance, recipient-budget.ts) and the mails delivered (the platform console's usage
// column). Below the services, so the mail composer and access's invitations and console read
// the same counts without importing each other.

/**
 * Holds the company's row until the transaction ends, so two sends count the daily allowance in
 * turn; answers when the company was created, which sets its allowance.
 */
export const lockCompany = async (db: Queryable, companyId: string) => {
  const [row] = await db
    .select({ createdAt: companies.createdAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    // Not FOR UPDATE: a transaction that inserted a row pointing at the company (an invited user)
    // holds its KEY SHARE lock, which FOR UPDATE waits on; two such transactions would then wait on
    // each other. NO KEY UPDATE still queues the counting transactions one after another.
    .for('no key update');
  return row;
};

/**
 * Recipients (to, cc and bcc each) of the mails the company addressed itself, composed or
 * invitations, queued since `since`, whatever became of them.
 */
export const countComposerRecipientsSince = async (db: Queryable, companyId: string, since: Date) => {
  const [row] = await db
    .select({
      value: sql<number>`coalesce(sum(cardinality(${mails.to}) + cardinality(${mails.cc}) + cardinality(${mails.bcc})), 0)::int`,
    })
    .from(mails)
    .where(
      and(
        eq(mails.companyId, companyId),
        inArray(mails.purpose, ['composer', 'invitation']),
        gt(mails.createdAt, since),
      ),
    );
  return row?.value ?? 0;
};

/**
 * System context only (the platform console): how many mails each company had delivered since
 * `since`, counted for `companyIds` in one statement. Companies with none are absent.
 */
export const countMailsSentSince = async (db: Queryable, companyIds: string[], since: Date) => {
  if (companyIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ companyId: mails.companyId, sent: count() })
    .from(mails)
    .where(and(inArray(mails.companyId, companyIds), eq(mails.status, 'sent'), gt(mails.sentAt, since)))
    .groupBy(mails.companyId);
  return new Map(rows.flatMap((row) => (row.companyId ? [[row.companyId, row.sent] as const] : [])));
};
