import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.ts';
import {
  identityAccounts,
  identityActionCodes,
  identityFirstAdminClaims,
  identityRefreshTokens,
} from '../db/schema/index.ts';

// Queries only: the rules live in identity-service.ts.

export type IdentityAccount = typeof identityAccounts.$inferSelect;
export type TActionKind = (typeof identityActionCodes.$inferSelect)['kind'];

const byAccount = (projectId: string, accountId: string) =>
  and(eq(identityAccounts.projectId, projectId), eq(identityAccounts.id, accountId));

export const findAccountByEmail = async (db: Queryable, projectId: string, email: string) => {
  const [account] = await db
    .select()
    .from(identityAccounts)
    .where(and(eq(identityAccounts.projectId, projectId), eq(identityAccounts.email, email)));
  return account;
};

export const findAccountById = async (db: Queryable, projectId: string, accountId: string) => {
  const [account] = await db.select().from(identityAccounts).where(byAccount(projectId, accountId));
  return account;
};

/** Inserts the account unless the email is taken; answers undefined when it is. */
export const insertAccount = async (db: Queryable, account: typeof identityAccounts.$inferInsert) => {
  const [created] = await db.insert(identityAccounts).values(account).onConflictDoNothing().returning();
  return created;
};

export type TAccountChanges = Omit<Partial<typeof identityAccounts.$inferInsert>, 'validSince'> & {
  validSince?: number | SQL;
};

/**
 * The `validSince` that ends every token minted so far. Tokens carry whole seconds, and each is
 * minted with iat = max(now, validSince) (sessions.ts), so a value one past both is above every
 * earlier iat, including one minted in this very second, while tokens minted after it reach it.
 * Computed in the update itself, from the clock when the row is written (not when the transaction
 * or the statement began): an update that waited for a sign-in holding the row still ends the
 * tokens that sign-in minted, and two revocations in one second each move it on.
 */
export const revokedValidSince = () =>
  sql`greatest(floor(extract(epoch from clock_timestamp()))::bigint, ${identityAccounts.validSince}) + 1`;

export const updateAccount = async (
  db: Queryable,
  projectId: string,
  accountId: string,
  changes: TAccountChanges,
) => {
  const [updated] = await db
    .update(identityAccounts)
    .set(changes)
    .where(byAccount(projectId, accountId))
    .returning();
  return updated;
};

/**
 * Records a sign-in only while the account still has the password that was just verified and is
 * enabled: a password change, reset or disable that commits while the (slow) hash ran wins, and
 * the sign-in gets nothing. Answers the account, or undefined when it changed.
 */
export const recordSignIn = async (db: Queryable, account: IdentityAccount) => {
  if (account.passwordHash === null) return undefined;
  const [signedIn] = await db
    .update(identityAccounts)
    .set({ lastLoginAt: new Date() })
    .where(
      and(
        byAccount(account.projectId, account.id),
        eq(identityAccounts.passwordHash, account.passwordHash),
        eq(identityAccounts.disabled, false),
      ),
    )
    .returning();
  return signedIn;
};

/**
 * Gives a password to an account that has none, ending every token minted so far: two linking
 * requests cannot both set one. Answers the account, or undefined when it already had a password.
 */
export const setFirstPassword = async (
  db: Queryable,
  projectId: string,
  accountId: string,
  passwordHash: string,
) => {
  const [updated] = await db
    .update(identityAccounts)
    .set({ passwordHash, passwordUpdatedAt: new Date(), validSince: revokedValidSince() })
    .where(and(byAccount(projectId, accountId), isNull(identityAccounts.passwordHash)))
    .returning();
  return updated;
};

export const deleteAccount = async (db: Queryable, projectId: string, accountId: string) => {
  await db
    .delete(identityRefreshTokens)
    .where(
      and(eq(identityRefreshTokens.projectId, projectId), eq(identityRefreshTokens.accountId, accountId)),
    );
  await db
    .delete(identityActionCodes)
    .where(and(eq(identityActionCodes.projectId, projectId), eq(identityActionCodes.accountId, accountId)));
  await db.delete(identityAccounts).where(byAccount(projectId, accountId));
};

export const findPlatformAdmins = async (db: Queryable, projectId: string) =>
  db
    .select()
    .from(identityAccounts)
    .where(and(eq(identityAccounts.projectId, projectId), eq(identityAccounts.platformAdmin, true)))
    .orderBy(identityAccounts.email);

/** Whether any account of any identity project holds platform rights (even inactive ones). */
export const hasAnyPlatformAdmin = async (db: Queryable) =>
  (
    await db
      .select({ id: identityAccounts.id })
      .from(identityAccounts)
      .where(eq(identityAccounts.platformAdmin, true))
      .limit(1)
  ).length > 0;

/**
 * Records the installation's one first-admin grant; answers false when it was already made. The
 * single-row table makes two instances, or two projects, racing for it end in one grant.
 */
export const insertFirstAdminClaim = async (db: Queryable, claim: { projectId: string; accountId: string }) =>
  (
    await db
      .insert(identityFirstAdminClaims)
      .values(claim)
      .onConflictDoNothing()
      .returning({ accountId: identityFirstAdminClaims.accountId })
  ).length > 0;

export const insertRefreshToken = async (db: Queryable, token: typeof identityRefreshTokens.$inferInsert) => {
  await db.insert(identityRefreshTokens).values(token);
};

export const findRefreshToken = async (db: Queryable, tokenHash: string) => {
  const [token] = await db
    .select()
    .from(identityRefreshTokens)
    .where(eq(identityRefreshTokens.tokenHash, tokenHash));
  return token;
};

export const revokeRefreshTokens = async (db: Queryable, projectId: string, accountId: string) => {
  await db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(identityRefreshTokens.projectId, projectId),
        eq(identityRefreshTokens.accountId, accountId),
        isNull(identityRefreshTokens.revokedAt),
      ),
    );
};

/** Revokes one refresh token of the account; answers whether it named one that was live. */
export const revokeRefreshToken = async (
  db: Queryable,
  { projectId, accountId, tokenHash }: { projectId: string; accountId: string; tokenHash: string },
) => {
  const revoked = await db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(identityRefreshTokens.tokenHash, tokenHash),
        eq(identityRefreshTokens.projectId, projectId),
        eq(identityRefreshTokens.accountId, accountId),
        isNull(identityRefreshTokens.revokedAt),
      ),
    )
    .returning({ tokenHash: identityRefreshTokens.tokenHash });
  return revoked.length > 0;
};

export const insertActionCode = async (db: Queryable, code: typeof identityActionCodes.$inferInsert) => {
  await db.insert(identityActionCodes).values(code);
};

/** A code that exists, is unused and unexpired; `undefined` otherwise (the caller tells which). */
export const findActionCode = async (db: Queryable, codeHash: string) => {
  const [code] = await db
    .select()
    .from(identityActionCodes)
    .where(eq(identityActionCodes.codeHash, codeHash));
  return code;
};

/** Marks a code used unless someone else did first: single use even under concurrent requests. */
export const consumeActionCode = async (db: Queryable, codeHash: string) => {
  const [consumed] = await db
    .update(identityActionCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(identityActionCodes.codeHash, codeHash),
        isNull(identityActionCodes.usedAt),
        gt(identityActionCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  return consumed;
};

/**
 * A refresh token with its account (null when the account is gone), as one prepared statement:
 * token refresh is the provider's hottest path, and building the query each time cost more than
 * running it.
 */
export const prepareFindRefreshSession = (db: Db) =>
  db
    .select({ token: identityRefreshTokens, account: identityAccounts })
    .from(identityRefreshTokens)
    .leftJoin(
      identityAccounts,
      and(
        eq(identityAccounts.projectId, identityRefreshTokens.projectId),
        eq(identityAccounts.id, identityRefreshTokens.accountId),
      ),
    )
    .where(eq(identityRefreshTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('identity_find_refresh_session');
