import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { Database } from './client.ts';
import { statementRunnerOf, vacuumTablesWithoutVisibilityMap } from './visibility-map.ts';

describe.each(testDatabaseKinds)('vacuuming a table left without its visibility map, on %s', (kind) => {
  // PGlite reads its map itself (the pg_visibility extension it loads); a server reads the catalogue.
  const reading = kind === 'pglite' ? 'visibility map' : 'catalogue';
  let database: Database;
  const run = (text: string) => statementRunnerOf(database.db)(text);
  const mapOf = async (table: string) =>
    (
      await run(`select relallvisible as visible, pg_relation_size(oid) / current_setting('block_size')::int as pages
        from pg_class where oid = '${table}'::regclass`)
    ).map((row) => ({ visible: Number(row.visible), pages: Number(row.pages) }))[0];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('vacuums a large table whose rows were all just written, once, and leaves small ones alone', async () => {
    // About 300 pages of 8 KB, none yet marked all-visible: a bulk load, or a migration's rewrite.
    await run('create table bulk_loaded (id integer primary key, padding text not null)');
    await run(`insert into bulk_loaded select n, repeat('x', 900) from generate_series(1, 2400) as n`);
    await run('create table small_loaded (id integer primary key)');
    await run('insert into small_loaded select n from generate_series(1, 1000) as n');
    const before = await mapOf('bulk_loaded');
    expect(before?.pages).toBeGreaterThan(250);
    expect(before?.visible).toBe(0);

    expect(await vacuumTablesWithoutVisibilityMap(run, { reading, minPages: 250 })).toEqual(['bulk_loaded']);
    const after = await mapOf('bulk_loaded');
    expect(after?.visible).toBe(after?.pages);
    expect((await mapOf('small_loaded'))?.visible).toBe(0);

    // Mapped now, it is not vacuumed again at the next start.
    expect(await vacuumTablesWithoutVisibilityMap(run, { reading, minPages: 250 })).toEqual([]);
  });
});
