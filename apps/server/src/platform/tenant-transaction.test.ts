import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import type { Database } from '../db/client.ts';
import { companies, mails } from '../db/schema/index.ts';
import { withTenant } from './tenant-transaction.ts';

describe.each(testDatabaseKinds)('row-level security on %s', (kind) => {
  let database: Database;
  const companyA = crypto.randomUUID();
  const companyB = crypto.randomUUID();
  const mailFor = (companyId: string) => ({
    id: crypto.randomUUID(),
    companyId,
    fromAddress: 'office@example.com',
    to: ['client@example.com'],
    subject: `For ${companyId}`,
    text: 'Hello',
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Written in the system context, as the seed and the outbox worker do.
    await database.db.insert(companies).values([
      { id: companyA, name: 'Alpha Freight' },
      { id: companyB, name: 'Bravo Cargo' },
    ]);
    await database.db.insert(mails).values([mailFor(companyA), mailFor(companyA), mailFor(companyB)]);
  });
  afterAll(async () => database?.close());

  it('shows a company only its own rows', async () => {
    const seenByA = await withTenant(database.db, companyA, (tx) => tx.select().from(mails));
    expect(seenByA).toHaveLength(2);
    expect(seenByA.every((mail) => mail.companyId === companyA)).toBe(true);
    const companiesSeenByB = await withTenant(database.db, companyB, (tx) => tx.select().from(companies));
    expect(companiesSeenByB.map((company) => company.name)).toEqual(['Bravo Cargo']);
  });

  it('shows nothing without a company context', async () => {
    expect(await withTenant(database.db, null, (tx) => tx.select().from(mails))).toEqual([]);
    expect(await withTenant(database.db, null, (tx) => tx.select().from(companies))).toEqual([]);
  });

  it('refuses to write a row into another company', async () => {
    await expect(
      withTenant(database.db, companyA, (tx) => tx.insert(mails).values(mailFor(companyB))),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/row-level security/) } });
    const seenByB = await withTenant(database.db, companyB, (tx) => tx.select().from(mails));
    expect(seenByB).toHaveLength(1);
  });

  it('returns the connection to the system context after the transaction', async () => {
    await withTenant(database.db, companyA, async (tx) => tx.select().from(mails));
    expect(await database.db.select().from(mails)).toHaveLength(3);
  });
});
