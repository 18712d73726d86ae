import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/databases.ts';
import { withTenant, withTenantRead } from '../platform/data-access/tenant-transaction.ts';
import type { Database } from './client.ts';
import { compiledStatement } from './compiled-statement.ts';
import { executeRows } from './driver.ts';
import { companies, contactTags } from './schema/index.ts';

// PGlite only: on a PostgreSQL server compiled statements run as drizzle sends them.

/** A company's tags, by name, with or without a colour filter; a colour filter's plan is made once. */
const tagsByName = compiledStatement<{ isColourFiltered: boolean }, { name: string; color: string }>(
  (db, shape) =>
    db
      .select({ name: contactTags.name, color: contactTags.color })
      .from(contactTags)
      .where(
        shape.isColourFiltered
          ? sql`${contactTags.companyId} = ${sql.placeholder('companyId')} and ${contactTags.color} = ${sql.placeholder('color')}`
          : eq(contactTags.companyId, sql.placeholder('companyId')),
      )
      .orderBy(contactTags.name),
  { planOf: (shape) => (shape.isColourFiltered ? 'once' : 'per-values') },
);

/** A statement per number: many texts, to see the oldest closed. */
const numbered = compiledStatement<{ n: number }, { n: number }>((db, shape) =>
  db
    .select({ n: sql<number>`${sql.raw(String(shape.n))}::int`.mapWith(Number) })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId'))),
);

/** Fails when run: its value is no number. */
const failing = compiledStatement<Record<string, never>, { n: number }>((db) =>
  db.select({ n: sql<number>`${sql.placeholder('n')}::int` }).from(companies),
);

type TPrepared = { name: string; statement: string; generic_plans: number; custom_plans: number };

describe('compiled statements on PGlite', () => {
  let database: Database;
  const companyId = crypto.randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.db.insert(companies).values({ id: companyId, name: 'Alpha Freight' });
    await database.db.insert(contactTags).values([
      { companyId, id: crypto.randomUUID(), name: 'Reefer', color: 'blue' },
      { companyId, id: crypto.randomUUID(), name: 'Hazmat', color: 'red' },
      { companyId, id: crypto.randomUUID(), name: 'Air', color: 'blue' },
    ]);
  });
  afterAll(async () => database?.close());

  const prepared = () =>
    executeRows<TPrepared>(
      database.db,
      sql`select name, statement, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'cargodesk%' order by name`,
    );
  const tags = (shape: { isColourFiltered: boolean }, values: Record<string, unknown>) =>
    withTenantRead(database.db, companyId, (tx) => tagsByName(tx, shape, values));

  it('prepares a shape’s statement once and runs it by name, planned as its shape says', async () => {
    for (const color of ['blue', 'red', 'blue']) await tags({ isColourFiltered: true }, { companyId, color });
    expect(
      (await tags({ isColourFiltered: true }, { companyId, color: 'blue' })).map((tag) => tag.name),
    ).toEqual(['Air', 'Reefer']);
    expect((await tags({ isColourFiltered: false }, { companyId })).map((tag) => tag.name)).toEqual([
      'Air',
      'Hazmat',
      'Reefer',
    ]);
    // Past the five runs after which PostgreSQL's own rule may settle on a plan for any values.
    for (let run = 0; run < 6; run += 1) await tags({ isColourFiltered: false }, { companyId });
    const statements = (await prepared()).filter((row) => row.statement.includes('contact_tags'));
    expect(statements).toHaveLength(2);
    const [once, perValues] = statements.sort((a, b) => b.statement.length - a.statement.length);
    // Planned once for any values: four runs, no plan of their own.
    expect(once).toMatchObject({ generic_plans: 4, custom_plans: 0 });
    // Planned for its values every time, as an unnamed statement is.
    expect(perValues).toMatchObject({ generic_plans: 0, custom_plans: 7 });
  });

  it('leaves the transaction planning as before once a statement planned once has run', async () => {
    const mode = await withTenant(database.db, companyId, async (tx) => {
      await tagsByName(tx, { isColourFiltered: true }, { companyId, color: 'red' });
      const rows = await executeRows<{ mode: string }>(
        tx,
        sql`select current_setting('plan_cache_mode') as mode`,
      );
      return rows[0];
    });
    expect(mode).toEqual({ mode: 'auto' });
  });

  it('rolls back the transaction of a run that fails, and runs the next', async () => {
    const tagId = crypto.randomUUID();
    await expect(
      withTenant(database.db, companyId, async (tx) => {
        await tx.insert(contactTags).values({ companyId, id: tagId, name: 'Lost', color: 'green' });
        return failing(tx, {}, { n: 'seven' });
      }),
    ).rejects.toThrow();
    expect(await tags({ isColourFiltered: true }, { companyId, color: 'green' })).toEqual([]);
    expect(await withTenantRead(database.db, companyId, (tx) => failing(tx, {}, { n: 7 }))).toEqual([
      { n: 7 },
    ]);
  });

  it('keeps at most 32 statements prepared, closing the one run least recently', async () => {
    const runNumbered = (n: number) =>
      withTenantRead(database.db, companyId, (tx) => numbered(tx, { n }, { companyId }));
    for (let n = 1; n <= 40; n += 1) await runNumbered(n);
    const kept = await prepared();
    // 32 statements and the one that sets how the kept ones are planned.
    expect(kept).toHaveLength(33);
    expect(kept.some((row) => row.statement.includes('contact_tags'))).toBe(false);
    expect(kept.some((row) => row.statement.includes('select 1::int'))).toBe(false);
    expect(kept.some((row) => row.statement.includes('select 40::int'))).toBe(true);
    // A statement closed is prepared again when it is next run.
    expect(await runNumbered(1)).toEqual([{ n: 1 }]);
  });
});
