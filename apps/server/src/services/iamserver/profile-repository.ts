import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type TProfileChanges = Partial<
  Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'phone' | 'avatarFileId'>
>;

export const findUser = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
};

export const updateUserProfile = async (
  db: Queryable,
  companyId: string,
  userId: string,
  changes: TProfileChanges,
) => {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning();
  return row;
};
