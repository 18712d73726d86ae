import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  companies,
  companyProducts,
  products,
  roles,
  sessions,
  twoFactorCodes,
  twoFactorSignIns,
  userRoles,
  users,
} from '../../db/schema/index.ts';

export type TNewCompany = typeof companies.$inferInsert;
export type TNewUser = typeof users.$inferInsert;
export type TNewRole = typeof roles.$inferInsert;
export type TNewSession = typeof sessions.$inferInsert;
export type TTwoFactorCodeRow = typeof twoFactorCodes.$inferSelect;

/** System context only: the one cross-company lookup, from an identity account to its user's company. */
export const findUserLinkByIdentity = async (db: Queryable, project: string, uid: string) => {
  const [row] = await db
    .select({ companyId: users.companyId, userId: users.id })
    .from(users)
    .where(and(eq(users.identityProject, project as 'production' | 'test'), eq(users.identityUid, uid)));
  return row;
};

/** The user an identity account is linked to, with their company, in one statement. */
export const findUserWithCompanyByIdentity = async (db: Queryable, project: string, uid: string) => {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.identityProject, project as 'production' | 'test'), eq(users.identityUid, uid)));
  return row;
};

export const findUserWithCompany = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
};

export const findCompanyProducts = async (db: Queryable, companyId: string) =>
  db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(companyProducts)
    .innerJoin(products, eq(products.id, companyProducts.productId))
    .where(eq(companyProducts.companyId, companyId))
    .orderBy(products.code);

export const findAllProductIds = async (db: Queryable) =>
  (await db.select({ id: products.id }).from(products)).map((row) => row.id);

export const insertCompany = async (db: Queryable, company: TNewCompany) => {
  await db.insert(companies).values(company);
};

export const insertRoles = async (db: Queryable, rows: TNewRole[]) => {
  await db.insert(roles).values(rows);
};

export const insertUser = async (db: Queryable, user: TNewUser) => {
  await db.insert(users).values(user);
};

export const insertUserRoles = async (
  db: Queryable,
  companyId: string,
  userId: string,
  roleIds: string[],
) => {
  if (roleIds.length === 0) return;
  await db.insert(userRoles).values(roleIds.map((roleId) => ({ companyId, userId, roleId })));
};

export const insertCompanyProducts = async (db: Queryable, companyId: string, productIds: string[]) => {
  if (productIds.length === 0) return;
  await db
    .insert(companyProducts)
    .values(productIds.map((productId) => ({ companyId, productId })))
    .onConflictDoNothing();
};

export const markUserSignedIn = async (db: Queryable, companyId: string, userId: string) => {
  await db
    .update(users)
    .set({
      lastLoginAt: new Date(),
      // An invited user's first sign-in activates them.
      status: sql`case when ${users.status} = 'invited' then 'active' else ${users.status} end`,
    })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
};

export const insertSession = async (db: Queryable, session: TNewSession) => {
  await db.insert(sessions).values(session);
};

/** Slides a live session's expiry, capped at its absolute expiry; no row when it is no longer live. */
export const slideSession = async (
  db: Queryable,
  { companyId, sessionId, slideMs }: { companyId: string; sessionId: string; slideMs: number },
) => {
  const [row] = await db
    .update(sessions)
    .set({
      lastSeenAt: new Date(),
      expiresAt: sql`least(now() + ${`${slideMs} milliseconds`}::interval, ${sessions.absoluteExpiresAt})`,
    })
    .where(
      and(
        eq(sessions.companyId, companyId),
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  return row;
};

export const findRecentTwoFactorCodes = async (
  db: Queryable,
  { companyId, userId, since }: { companyId: string; userId: string; since: Date },
) =>
  db
    .select()
    .from(twoFactorCodes)
    .where(
      and(
        eq(twoFactorCodes.companyId, companyId),
        eq(twoFactorCodes.userId, userId),
        gt(twoFactorCodes.createdAt, since),
      ),
    )
    .orderBy(desc(twoFactorCodes.createdAt));

/** Closes every open code of the user: a new code replaces them, a used one is spent. */
export const closeTwoFactorCodes = async (db: Queryable, companyId: string, userId: string) => {
  await db
    .update(twoFactorCodes)
    .set({ closedAt: new Date() })
    .where(
      and(
        eq(twoFactorCodes.companyId, companyId),
        eq(twoFactorCodes.userId, userId),
        isNull(twoFactorCodes.closedAt),
      ),
    );
};

export const insertTwoFactorCode = async (db: Queryable, row: typeof twoFactorCodes.$inferInsert) => {
  await db.insert(twoFactorCodes).values(row);
};

/**
 * Records that the identity sign-in of `authTime` passed the second factor (docs/decisions/042), and
 * drops this user's records older than `keepSince`: a sign-in that old no longer needs one.
 */
export const recordTwoFactorSignIn = async (
  db: Queryable,
  row: { companyId: string; id: string; userId: string; authTime: number; keepSince: Date },
) => {
  const { keepSince, ...values } = row;
  await db
    .delete(twoFactorSignIns)
    .where(
      and(
        eq(twoFactorSignIns.companyId, row.companyId),
        eq(twoFactorSignIns.userId, row.userId),
        lt(twoFactorSignIns.createdAt, keepSince),
      ),
    );
  await db.insert(twoFactorSignIns).values(values).onConflictDoNothing();
};

/** Whether the identity sign-in of `authTime` passed the second factor (system context or the company's). */
export const hasTwoFactorSignIn = async (
  db: Queryable,
  { companyId, userId, authTime }: { companyId: string; userId: string; authTime: number },
) => {
  const [row] = await db
    .select({ id: twoFactorSignIns.id })
    .from(twoFactorSignIns)
    .where(
      and(
        eq(twoFactorSignIns.companyId, companyId),
        eq(twoFactorSignIns.userId, userId),
        eq(twoFactorSignIns.authTime, authTime),
      ),
    );
  return row !== undefined;
};

/**
 * Counts one try of a code before it is compared, unless the code is already spent, closed or
 * expired: one atomic update, so parallel guesses queue on the row and at most `maxAttempts` of
 * them get a row back. No row means the try may not be evaluated.
 */
export const countTwoFactorAttempt = async (
  db: Queryable,
  { companyId, codeId, maxAttempts }: { companyId: string; codeId: string; maxAttempts: number },
) => {
  const [row] = await db
    .update(twoFactorCodes)
    .set({ attempts: sql`${twoFactorCodes.attempts} + 1` })
    .where(
      and(
        eq(twoFactorCodes.companyId, companyId),
        eq(twoFactorCodes.id, codeId),
        isNull(twoFactorCodes.closedAt),
        gt(twoFactorCodes.expiresAt, sql`now()`),
        lt(twoFactorCodes.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
};

export const findRoleIdsBySystemKey = async (db: Queryable, companyId: string, keys: string[]) =>
  db
    .select({ id: roles.id, systemKey: roles.systemKey })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), inArray(roles.systemKey, keys)));

export const countUsersByStatus = async (db: Queryable, companyId: string) =>
  db
    .select({ status: users.status, count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.companyId, companyId))
    .groupBy(users.status);
