import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/databases.ts';
import type { Database } from '../client.ts';
import { executeRows } from '../driver.ts';
import { seedCatalogues } from './catalogues.ts';

// A catalogue seeded before airports had time zones (migration 0065) gets them on the next start,
// once; an airport's zone someone has since set is kept.
describe('the catalogue seed on a database migrated from before airport time zones', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  const zoneOf = async (iata: string) =>
    (
      await executeRows<{ timezone: string | null }>(
        database.db,
        sql`select timezone from airports where iata_code = ${iata}`,
      )
    )[0]?.timezone;

  it('fills every airport’s zone from the seed', async () => {
    await database.db.execute(sql`update airports set timezone = null`);
    expect(await zoneOf('DEN')).toBeNull();
    await seedCatalogues(database.db);
    expect(await zoneOf('DEN')).toBe('America/Denver');
    expect(await zoneOf('SIN')).toBe('Asia/Singapore');
    const [missing] = await executeRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from airports where timezone is null`,
    );
    expect(missing?.count).toBe(0);
  });

  it('leaves the zones alone once any airport has one', async () => {
    await database.db.execute(sql`update airports set timezone = null where iata_code = 'DEN'`);
    await seedCatalogues(database.db);
    expect(await zoneOf('DEN')).toBeNull();
  });
});
