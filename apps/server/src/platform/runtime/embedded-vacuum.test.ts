import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/databases.ts';
import type { Database } from '../../db/client.ts';
import { statementRunnerOf } from '../../db/visibility-map.ts';
import { registerEmbeddedVacuum } from './embedded-vacuum.ts';

describe('the embedded database vacuumed in the background (PGlite has no autovacuum)', () => {
  let database: Database;
  const run = (text: string) => statementRunnerOf(database.db)(text);
  const visibleShareOf = async (table: string) => {
    const [row] = await run(`select (pg_visibility_map_summary('${table}')).all_visible as visible,
      pg_relation_size('${table}') / current_setting('block_size')::int as pages`);
    return Number(row?.visible) / Number(row?.pages);
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('marks a large table written since its last vacuum, and stops with the server', async () => {
    // Some 9 MB written at once, as an import of contacts would: none of it marked yet.
    await run('create table written_lately (id integer primary key, padding text not null)');
    await run(`insert into written_lately select n, repeat('x', 900) from generate_series(1, 9500) as n`);
    expect(await visibleShareOf('written_lately')).toBe(0);

    const app = Fastify({ logger: false });
    app.decorate('database', database);
    registerEmbeddedVacuum(app, { intervalMs: 50 });
    await app.ready();
    try {
      await expect.poll(() => visibleShareOf('written_lately'), { timeout: 20_000 }).toBe(1);
    } finally {
      await app.close();
    }
  });
});
