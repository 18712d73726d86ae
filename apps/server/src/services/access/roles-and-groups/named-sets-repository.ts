import { and, asc, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';

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

/**
 * The queries of one named-set table. `counted` names what each set counts (a role's users, a
 * group's members): lists and single reads carry it beside the row's columns.
 */
export const namedSetQueries = <TTable extends TNamedSetTable, TCountName extends string>(
  table: TTable,
  counted: { name: TCountName; count: SQL<number> },
) => {
  // Drizzle's builders do not follow a table left generic: rows come back typed by the table.
  const anyTable = table as PgTable;
  type TRow = TTable['$inferSelect'];
  type TRowWithCount = TRow & Record<TCountName, number>;
  const byId = (companyId: string, id: string) => and(eq(table.companyId, companyId), eq(table.id, id));
  const columnsWithCount = () => ({ ...getTableColumns(anyTable), [counted.name]: counted.count });

  return {
    /**
     * A page of the company's sets in `order` (ties by id), optionally only those whose name or
     * description contains `search`.
     */
    findPage: async (
      db: Queryable,
      {
        companyId,
        search,
        order,
        limit,
        offset,
      }: { companyId: string; search: string | undefined; order: SQL[]; limit: number; offset: number },
    ): Promise<{ rows: TRowWithCount[]; total: number }> => {
      const pattern = search ? containsPattern(search) : undefined;
      const where = and(
        eq(table.companyId, companyId),
        pattern ? sql`(${table.name} ilike ${pattern} or ${table.description} ilike ${pattern})` : undefined,
      );
      const rows = await db
        .select(columnsWithCount())
        .from(anyTable)
        .where(where)
        .orderBy(...order, asc(table.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(anyTable).where(where);
      return { rows: rows as TRowWithCount[], total: total?.count ?? 0 };
    },

    find: async (db: Queryable, companyId: string, id: string): Promise<TRowWithCount | undefined> => {
      const [row] = await db.select(columnsWithCount()).from(anyTable).where(byId(companyId, id));
      return row as TRowWithCount | undefined;
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
