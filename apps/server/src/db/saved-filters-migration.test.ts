import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { createId } from '../platform/data-access/ids.ts';
import type { Database } from './client.ts';
import { executeRows } from './driver.ts';
import { companies, savedFilters } from './schema/index.ts';

const statementsOf = (file: string) =>
  fs.readFileSync(new URL(`./migrations/${file}`, import.meta.url), 'utf8').split('--> statement-breakpoint');

describe.each(testDatabaseKinds)('migration 0064 on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("moves the contacts list's saved filters into the lists' store, each as it was", async () => {
    const { db } = database;
    // The database as 0063 left it: the contacts' own table, no shared store yet.
    await db.execute(sql.raw('DROP TABLE saved_filters'));
    await db.execute(sql.raw('DROP TABLE shipment_reference_patterns'));
    for (const statement of statementsOf('0035_contact_saved_filters.sql'))
      await db.execute(sql.raw(statement));
    const companyId = createId();
    const ownerId = createId();
    const filterId = createId();
    await db.insert(companies).values({ id: companyId, name: 'Made before 0064' });
    await db.execute(sql`
      insert into contact_saved_filters (company_id, id, name, query, owner_id, is_shared, created_at)
      values (${companyId}, ${filterId}, 'German carriers', ${JSON.stringify({ role: 'carrier', countryCode: 'DE' })}::jsonb,
        ${ownerId}, true, '2026-01-02T03:04:05Z')`);

    for (const statement of statementsOf('0064_saved_filters_and_reference_patterns.sql'))
      await db.execute(sql.raw(statement));

    const moved = await db.select().from(savedFilters).where(eq(savedFilters.companyId, companyId));
    expect(moved).toEqual([
      {
        companyId,
        id: filterId,
        list: 'contacts',
        name: 'German carriers',
        query: { role: 'carrier', countryCode: 'DE' },
        ownerId,
        isShared: true,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
    expect(
      await executeRows<{ gone: boolean }>(
        db,
        sql`select to_regclass('contact_saved_filters') is null as gone`,
      ),
    ).toEqual([{ gone: true }]);
  });
});
