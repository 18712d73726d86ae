import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { apiTokens, roles, userRoles, users } from '../../../db/schema/index.ts';

export type TApiTokenRow = typeof apiTokens.$inferSelect;

/** A user's tokens, newest first; revoked and expired ones too, so the owner sees what stopped. */
export const findUserApiTokens = (
  db: Queryable,
  { companyId, userId, limit }: { companyId: string; userId: string; limit: number },
) =>
  db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(limit);

export const findUserApiToken = async (
  db: Queryable,
  { companyId, userId, tokenId }: { companyId: string; userId: string; tokenId: string },
): Promise<TApiTokenRow | undefined> => {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)));
  return row;
};

export const countActiveApiTokens = async (
  db: Queryable,
  { companyId, userId, now }: { companyId: string; userId: string; now: Date },
) => {
  const [row] = await db
    .select({ value: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.companyId, companyId),
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, now),
      ),
    );
  return row?.value ?? 0;
};

export const insertApiToken = async (db: Queryable, values: typeof apiTokens.$inferInsert) => {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('The API token was not stored');
  return row;
};

export const revokeApiToken = async (
  db: Queryable,
  { companyId, tokenId, now }: { companyId: string; tokenId: string; now: Date },
): Promise<TApiTokenRow | undefined> => {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning();
  return row;
};

/** A user of the company, and whether they hold the Admin role; undefined for no such user. */
export const findCompanyUserAdminFlag = async (
  db: Queryable,
  { companyId, userId }: { companyId: string; userId: string },
): Promise<{ isAdmin: boolean } | undefined> => {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!user) return undefined;
  const [admin] = await db
    .select({ roleId: roles.id })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(
      and(eq(userRoles.companyId, companyId), eq(userRoles.userId, userId), eq(roles.systemKey, 'admin')),
    )
    .limit(1);
  return { isAdmin: Boolean(admin) };
};
