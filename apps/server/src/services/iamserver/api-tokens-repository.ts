import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';

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
