import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { executeRows } from './driver.ts';

// The lists read their pages from indexes alone (index-only scans: the contacts list's sort indexes
// carry its filter columns, migrations 0037 and 0052). PostgreSQL answers from an index alone only
// for heap pages its visibility map marks all-visible, which only VACUUM does; elsewhere it reads
// the row too, and page 200 of a million contacts goes from 5 ms to 70 ms. A migration that rewrites
// a table (a stored generated column, say) hands it an empty map, which autovacuum does not notice;
// and PGlite runs PostgreSQL in single-user mode, with no autovacuum at all, so there every write
// leaves its pages unmarked for good (docs/decisions/028-contact-pages-in-one-walk.md).

/** Runs one statement outside a transaction (VACUUM may not run inside one) and answers its rows. */
export type TRunStatement = (text: string) => Promise<Record<string, unknown>[]>;

/** A `TRunStatement` on a database's drizzle handle, outside any transaction. */
export const statementRunnerOf =
  (db: Db): TRunStatement =>
  async (text) =>
    executeRows(db, sql.raw(text));

/**
 * How a table's all-visible pages are read: from the catalogue (`pg_class.relallvisible`, as the
 * last VACUUM left it, which autovacuum keeps current on a server), or from the visibility map
 * itself (the `pg_visibility` extension, which PGlite loads: exact, and reads only the map).
 */
export type TVisiblePagesReading = 'catalogue' | 'visibility map';

const visiblePagesOf: Record<TVisiblePagesReading, string> = {
  catalogue: 'c.relallvisible',
  'visibility map': '(pg_visibility_map_summary(c.oid)).all_visible',
};

/** Tables smaller than this many pages (8 MB) are cheap to read whole and are left alone. */
const smallestTablePages = 1_024;

/**
 * Vacuums (and analyzes) each of our tables of at least `minPages` whose all-visible pages are
 * fewer than `mappedShare` of its pages; answers their names.
 */
export const vacuumTablesWithoutVisibilityMap = async (
  run: TRunStatement,
  {
    reading = 'catalogue',
    minPages = smallestTablePages,
    mappedShare = 0.5,
  }: { reading?: TVisiblePagesReading; minPages?: number; mappedShare?: number } = {},
) => {
  const unmapped = await run(`
    select table_name from (
      select c.oid::regclass::text as table_name, ${visiblePagesOf[reading]} as visible,
        pg_relation_size(c.oid) / current_setting('block_size')::int as pages
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and pg_relation_size(c.oid) >= ${Math.trunc(minPages)} * current_setting('block_size')::int
    ) sized
    where visible < pages * ${Number(mappedShare)}
    order by table_name`);
  const names = unmapped.map((row) => String(row.table_name));
  // The names come from pg_class as regclass text, quoted where they need it.
  for (const name of names) await run(`vacuum (analyze) ${name}`);
  return names;
};
