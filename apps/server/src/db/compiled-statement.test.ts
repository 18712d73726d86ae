import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { withTenantRead } from '../platform/data-access/tenant-transaction.ts';
import type { Database } from './client.ts';
import { compiledStatement } from './compiled-statement.ts';
import { companies, contacts } from './schema/index.ts';

const organisations = alias(contacts, 'organisation');

/** People with their organisation (a left join), of one kind or any, by name: two shapes. */
const peopleByName = compiledStatement<
  { isKindFiltered: boolean },
  { person: { name: string; createdAt: Date }; organisation: { name: string } | null }
>((db, shape) =>
  db
    .select({
      person: { name: contacts.name, createdAt: contacts.createdAt },
      organisation: { name: organisations.name },
    })
    .from(contacts)
    .leftJoin(
      organisations,
      and(eq(organisations.companyId, contacts.companyId), eq(organisations.id, contacts.organisationId)),
    )
    .where(
      and(
        eq(contacts.companyId, sql.placeholder('companyId')),
        shape.isKindFiltered ? eq(contacts.kind, sql.placeholder('kind')) : undefined,
      ),
    )
    .orderBy(asc(contacts.name)),
);

describe.each(testDatabaseKinds)('a compiled statement on %s', (kind) => {
  let database: Database;
  const companyA = crypto.randomUUID();
  const companyB = crypto.randomUUID();
  const acme = crypto.randomUUID();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(companies).values([
      { id: companyA, name: 'Alpha Freight' },
      { id: companyB, name: 'Bravo Cargo' },
    ]);
    const contact = (companyId: string, name: string, kind: 'organisation' | 'person' = 'person') => ({
      companyId,
      id: crypto.randomUUID(),
      kind,
      name,
      searchText: name.toLowerCase(),
    });
    await database.db
      .insert(contacts)
      .values([
        { ...contact(companyA, 'Acme Shipping', 'organisation'), id: acme },
        { ...contact(companyA, 'Ada'), organisationId: acme },
        contact(companyA, 'Bob'),
        contact(companyB, 'Cleo'),
      ]);
  });
  afterAll(async () => database?.close());

  const run = (companyId: string, shape: { isKindFiltered: boolean }, values: Record<string, unknown>) =>
    withTenantRead(database.db, companyId, (tx) => peopleByName(tx, shape, values));

  it('runs a kept statement with each call’s own values, mapped as drizzle maps them', async () => {
    const people = { isKindFiltered: true };
    const ofA = await run(companyA, people, { companyId: companyA, kind: 'person' });
    expect(ofA.map((row) => [row.person.name, row.organisation?.name ?? null])).toEqual([
      ['Ada', 'Acme Shipping'],
      ['Bob', null],
    ]);
    expect(ofA[0]?.person.createdAt).toBeInstanceOf(Date);
    // The same shape, kept from the first call, with the other company's values.
    const ofB = await run(companyB, people, { companyId: companyB, kind: 'person' });
    expect(ofB.map((row) => row.person.name)).toEqual(['Cleo']);
    const organisationsOfA = await run(companyA, people, { companyId: companyA, kind: 'organisation' });
    expect(organisationsOfA.map((row) => row.person.name)).toEqual(['Acme Shipping']);
  });

  it('keeps a statement per shape', async () => {
    const everyone = await run(companyA, { isKindFiltered: false }, { companyId: companyA });
    expect(everyone.map((row) => row.person.name)).toEqual(['Acme Shipping', 'Ada', 'Bob']);
  });

  it('refuses to run without a value the statement holds a place for', async () => {
    await expect(run(companyA, { isKindFiltered: true }, { companyId: companyA })).rejects.toThrow(
      /placeholder "kind"/,
    );
  });
});
