import type { TSentMailStatus } from '@cargodesk/shared';
import { and, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset } from '../../db/paging.ts';
import { mails, users } from '../../db/schema/index.ts';

const composerMailOf = (companyId: string, userId: string) =>
  and(eq(mails.companyId, companyId), eq(mails.createdBy, userId), eq(mails.purpose, 'composer'));

/** The Sent list's columns: attachment names and sizes, never their content. */
const sentColumns = {
  id: mails.id,
  to: mails.to,
  cc: mails.cc,
  bcc: mails.bcc,
  subject: mails.subject,
  status: mails.status,
  attempts: mails.attempts,
  lastError: mails.lastError,
  createdAt: mails.createdAt,
  sentAt: mails.sentAt,
  attachments: sql<{ filename: string; size: number }[]>`coalesce((
    select jsonb_agg(jsonb_build_object(
      'filename', attachment->>'filename',
      'size', (attachment->>'size')::int))
    from jsonb_array_elements(${mails.attachments}) as attachment), '[]'::jsonb)`,
};

export type TSentMailRow = {
  id: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attachments: { filename: string; size: number }[];
};

export const findSentPage = async (
  db: Queryable,
  {
    companyId,
    userId,
    page,
    pageSize,
    q,
    status,
    recipients,
  }: {
    companyId: string;
    userId: string;
    page: number;
    pageSize: number;
    q?: string | undefined;
    status?: TSentMailStatus | undefined;
    /** Lower-cased addresses: a mail to, cc or bcc one of them. */
    recipients?: string[] | undefined;
  },
) => {
  const pattern = q ? containsPattern(q) : undefined;
  const where = and(
    composerMailOf(companyId, userId),
    pattern
      ? or(
          ilike(mails.subject, pattern),
          sql`array_to_string(${mails.to} || ${mails.cc} || ${mails.bcc}, ' ') ilike ${pattern}`,
        )
      : undefined,
    recipients?.length
      ? sql`exists (select 1 from unnest(${mails.to} || ${mails.cc} || ${mails.bcc}) as recipient
          where lower(recipient) = any(${sql.param(recipients)}::text[]))`
      : undefined,
    // A mail being handed to SMTP is still queued as far as its sender is concerned.
    status === 'queued'
      ? inArray(mails.status, ['queued', 'sending'])
      : status
        ? eq(mails.status, status)
        : undefined,
  );
  const rows = (await db
    .select(sentColumns)
    .from(mails)
    .where(where)
    .orderBy(desc(mails.createdAt), desc(mails.id))
    .limit(pageSize)
    .offset(pageOffset({ page, pageSize }))) as TSentMailRow[];
  const [total] = await db.select({ value: count() }).from(mails).where(where);
  return { rows, total: total?.value ?? 0 };
};

export const findSentMail = async (db: Queryable, companyId: string, userId: string, id: string) => {
  const [row] = (await db
    .select(sentColumns)
    .from(mails)
    .where(and(composerMailOf(companyId, userId), eq(mails.id, id)))) as TSentMailRow[];
  return row;
};

export const requeueMail = (db: Queryable, companyId: string, id: string) =>
  db
    .update(mails)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, lockedUntil: null })
    .where(and(eq(mails.companyId, companyId), eq(mails.id, id), eq(mails.status, 'failed')))
    .returning({ id: mails.id });

/** Company users to suggest as recipients: not suspended, matching name or email. */
export const findRecipients = (db: Queryable, companyId: string, query: string) => {
  const pattern = containsPattern(query);
  return db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.status, 'suspended'),
        query
          ? or(
              ilike(users.email, pattern),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(users.firstName, users.lastName, users.email)
    .limit(10);
};
