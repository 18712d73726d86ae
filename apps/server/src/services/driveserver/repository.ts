import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type TFileRow = typeof files.$inferSelect;
export type TNewFile = typeof files.$inferInsert;

export const insertFile = async (db: Queryable, file: TNewFile) => {
  await db.insert(files).values(file);
};

export const findFile = async (db: Queryable, companyId: string, fileId: string) => {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
  return row;
};

export const deleteFile = async (db: Queryable, companyId: string, fileId: string) => {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)))
    .returning();
  return row;
};
