// The lists read their pages from indexes alone (index-only scans: the contacts list's sort indexes
// carry its filter columns, migrations 0037 and 0052). PostgreSQL answers from an index alone only
// for heap pages its visibility map marks all-visible, which only VACUUM does; elsewhere it reads
// the row too, and page 200 of a million contacts goes from 5 ms to 70 ms. A migration that rewrites
// a table (a stored generated column, say) hands it an empty map, which autovacuum does not notice,
// and PGlite runs no autovacuum at all. So after migrating, a table whose map covers less than half
// of it is vacuumed, once: afterwards the check finds it mapped and passes.

/** Runs one statement outside a transaction (VACUUM may not run inside one) and answers its rows. */
export type TRunStatement = (text: string) => Promise<Record<string, unknown>[]>;

/** Tables smaller than this many pages (8 MB) are cheap to read whole and are left to autovacuum. */
const smallestTablePages = 1_024;

/**
 * Vacuums (and analyzes) each of our tables of at least `minPages` whose visibility map marks fewer
 * than half of its pages all-visible; answers their names.
 */
export const vacuumTablesWithoutVisibilityMap = async (run: TRunStatement, minPages = smallestTablePages) => {
  const unmapped = await run(`
    select table_name from (
      select c.oid::regclass::text as table_name, c.relallvisible,
        pg_relation_size(c.oid) / current_setting('block_size')::int as pages
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
    ) sized
    where pages >= ${Math.trunc(minPages)} and relallvisible < pages / 2
    order by table_name`);
  const names = unmapped.map((row) => String(row.table_name));
  // The names come from pg_class as regclass text, quoted where they need it.
  for (const name of names) await run(`vacuum (analyze) ${name}`);
  return names;
};
