import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

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

/** The user's formatting preferences, as stored; null columns are "as the browser does". */
export type TPreferenceColumns = Pick<
  typeof users.$inferSelect,
  'preferredLanguage' | 'timeZone' | 'dateFormat' | 'numberFormat'
>;

const preferenceColumns = {
  preferredLanguage: users.preferredLanguage,
  timeZone: users.timeZone,
  dateFormat: users.dateFormat,
  numberFormat: users.numberFormat,
};

export const findUserPreferences = async (db: Queryable, companyId: string, userId: string) => {
  const [row] = await db
    .select(preferenceColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
};

/** Preferences are the user's own settings, not their profile: `updatedAt` stays as it was. */
export const updateUserPreferences = async (
  db: Queryable,
  companyId: string,
  userId: string,
  changes: Partial<TPreferenceColumns>,
) => {
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .returning(preferenceColumns);
  return row;
};
