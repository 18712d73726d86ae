import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';

/**
 * A company's named sets, roles (of permissions) and groups (of users): rows keyed by company and
 * id, with a name unique in any letter case and a description, the same queries over either table.
 */
type TNamedSetTable = PgTable & {
  companyId: PgColumn;
  id: PgColumn;
  name: PgColumn;
  description: PgColumn;
  updatedAt: PgColumn;
};

export const namedSetQueries = <TTable extends TNamedSetTable>(table: TTable) => {
  // Drizzle's builders do not follow a table left generic: rows come back typed by the table.
  const anyTable = table as PgTable;
  type TRow = TTable['$inferSelect'];
  const byId = (companyId: string, id: string) => and(eq(table.companyId, companyId), eq(table.id, id));

  return {
    byId,

    /** The company's sets, or only those whose name or description contains `search`. */
    whereSearched: (companyId: string, search: string | undefined): SQL | undefined => {
      const pattern = search ? containsPattern(search) : undefined;
      return and(
        eq(table.companyId, companyId),
        pattern ? sql`(${table.name} ilike ${pattern} or ${table.description} ilike ${pattern})` : undefined,
      );
    },

    /** Locks the set for the rest of the transaction, so a concurrent edit or delete waits. */
    lock: async (db: Queryable, companyId: string, id: string): Promise<TRow | undefined> => {
      const [row] = await db.select().from(anyTable).where(byId(companyId, id)).for('update');
      return row as TRow | undefined;
    },

    /** A set of the company with this name in any letter case, other than `exceptId`. */
    findByName: async (
      db: Queryable,
      { companyId, name, exceptId }: { companyId: string; name: string; exceptId?: string },
    ) => {
      const [row] = await db
        .select({ id: table.id, name: table.name })
        .from(anyTable)
        .where(
          and(
            eq(table.companyId, companyId),
            sql`lower(${table.name}) = lower(${name})`,
            ...(exceptId ? [ne(table.id, exceptId)] : []),
          ),
        );
      return row as { id: string; name: string } | undefined;
    },

    insert: async (db: Queryable, row: TTable['$inferInsert']) => {
      await db.insert(table).values(row);
    },

    /** Writes `changes` and stamps the set as changed now. */
    update: async (
      db: Queryable,
      { companyId, id, changes }: { companyId: string; id: string; changes: Partial<TRow> },
    ) => {
      await db
        .update(anyTable)
        .set({ ...changes, updatedAt: new Date() })
        .where(byId(companyId, id));
    },

    remove: async (db: Queryable, companyId: string, id: string) => {
      await db.delete(anyTable).where(byId(companyId, id));
    },
  };
};
