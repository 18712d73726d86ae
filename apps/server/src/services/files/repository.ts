import type { TFilePurpose } from '@cargodesk/shared';
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { pageOffset } from '../../db/paging.ts';
import { files } from '../../db/schema/index.ts';

export type TFileRow = typeof files.$inferSelect;
export type TNewFile = typeof files.$inferInsert;

export const insertFile = async (db: Queryable, file: TNewFile) => {
  await db.insert(files).values(file);
};

/**
 * `lock`: `share` holds the row against a removal until the transaction ends (a mail attaching it);
 * `update` is the removal's own, so the two never pass each other unseen.
 */
export const findFile = async (
  db: Queryable,
  companyId: string,
  fileId: string,
  lock?: 'share' | 'update',
) => {
  const query = db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
};

export const deleteFile = async (db: Queryable, companyId: string, fileId: string) => {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)))
    .returning();
  return row;
};

/** A page of the company's files, newest first; `q` matches anywhere in the name, case aside. */
export const findFilesPage = async (
  db: Queryable,
  {
    companyId,
    q,
    purpose,
    page,
    pageSize,
  }: { companyId: string; q?: string; purpose?: TFilePurpose; page: number; pageSize: number },
) => {
  const where = and(
    eq(files.companyId, companyId),
    q ? ilike(files.name, containsPattern(q)) : undefined,
    purpose ? eq(files.purpose, purpose) : undefined,
    // A file another module keeps is reached through that module (kept-files.ts).
    isNull(files.keptFor),
  );
  const rows = await db
    .select()
    .from(files)
    .where(where)
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(pageSize)
    .offset(pageOffset({ page, pageSize }));
  const [total] = await db.select({ value: count() }).from(files).where(where);
  return { rows, total: total?.value ?? 0 };
};

/** System context only (the platform console): bytes stored per company, for `companyIds`, in one statement. */
export const sumStorageByCompany = async (db: Queryable, companyIds: string[]) => {
  if (companyIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ companyId: files.companyId, bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(inArray(files.companyId, companyIds))
    .groupBy(files.companyId);
  return new Map(rows.map((row) => [row.companyId, Number(row.bytes)] as const));
};
