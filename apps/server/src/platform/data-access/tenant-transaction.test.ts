import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { Database } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { companies, contacts, mails, shipments, tenantContacts, users } from '../../db/schema/index.ts';
import { findUserWithCompany } from '../../services/access/repository.ts';
import { withTenant, withTenantRead } from './tenant-transaction.ts';

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

  it('refuses anything but a UUID as the company, before it reaches the database', async () => {
    const forged = "x', true); set_config('role', 'postgres', true); --";
    await expect(withTenant(database.db, forged, (tx) => tx.select().from(mails))).rejects.toThrow(
      'not a company id',
    );
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

  it('protects every company-owned table: row-level security on, and a policy for the request role', async () => {
    const tables = await executeRows<{ table: string; is_protected: boolean; has_policy: boolean }>(
      database.db,
      sql`
      select c.relname as table, c.relrowsecurity as is_protected,
        exists (select 1 from pg_policies p where p.tablename = c.relname and 'cargodesk_app' = any(p.roles)) as has_policy
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r'
        and exists (select 1 from information_schema.columns col
          where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'company_id')
      order by c.relname`,
    );
    expect(tables.map((row) => row.table)).toEqual(
      expect.arrayContaining(['users', 'audit_events', 'files', 'groups']),
    );
    expect(tables.filter((row) => !row.is_protected || !row.has_policy)).toEqual([]);
  });

  it("shows through every tenant view only the company's rows, none without a company, and lets nothing write to one", async () => {
    const contactOf = (companyId: string, name: string) => ({
      companyId,
      id: crypto.randomUUID(),
      kind: 'organisation' as const,
      name,
      roles: ['customer'],
      searchText: name.toLowerCase(),
    });
    await database.db
      .insert(contacts)
      .values([contactOf(companyA, 'Alpha Customer'), contactOf(companyB, 'Bravo Customer')]);
    // A shipment each, whose search text's words its trigger writes beside it.
    await database.db.insert(shipments).values(
      [companyA, companyB].map((companyId, index) => ({
        companyId,
        id: crypto.randomUUID(),
        reference: `SE-2030-0000${index + 1}`,
        mode: 'sea' as const,
        direction: 'export' as const,
        loadType: 'fcl' as const,
        bookingStatus: 'RECEIVED',
        searchText: `se-2030-0000${index + 1}`,
      })),
    );
    const views = (
      await executeRows<{ view: string }>(
        database.db,
        sql`
        select c.relname as view from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        where c.relkind = 'v' and exists (select 1 from information_schema.columns col
          where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'company_id')
        order by c.relname`,
      )
    ).map((row) => row.view);
    expect(views).toEqual([
      'tenant_contact_words',
      'tenant_contacts',
      'tenant_contacts_by_role',
      'tenant_shipment_search_words',
      'tenant_shipments',
    ]);
    for (const view of views) {
      const companiesSeen = async (companyId: string | null) =>
        (
          await withTenantRead(database.db, companyId, (tx) =>
            executeRows<{ company_id: string }>(
              tx,
              sql`select distinct company_id from ${sql.identifier(view)}`,
            ),
          )
        ).map((row) => row.company_id);
      expect(await companiesSeen(companyA), view).toEqual([companyA]);
      expect(await companiesSeen(companyB), view).toEqual([companyB]);
      expect(await companiesSeen(null), view).toEqual([]);
      await expect(
        withTenant(database.db, companyA, (tx) => tx.execute(sql`delete from ${sql.identifier(view)}`)),
        view,
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/permission denied/) } });
    }
    expect(
      await withTenantRead(database.db, companyA, (tx) =>
        tx.select({ name: tenantContacts.name }).from(tenantContacts),
      ),
    ).toEqual([{ name: 'Alpha Customer' }]);
  });

  it("finds nothing through a repository query run in another company's context", async () => {
    const userId = crypto.randomUUID();
    await database.db.insert(users).values({
      companyId: companyA,
      id: userId,
      identityProject: 'test',
      identityUid: `uid-${userId}`,
      email: `${userId}@example.com`,
    });
    const asA = await withTenant(database.db, companyA, (tx) => findUserWithCompany(tx, companyA, userId));
    expect(asA?.user.id).toBe(userId);
    // The code's own company filter names A, yet the context is B: the database wall still holds.
    const asB = await withTenant(database.db, companyB, (tx) => findUserWithCompany(tx, companyA, userId));
    expect(asB).toBeUndefined();
  });

  // PGlite runs on the server's thread: were queued transactions run back to back, a request
  // arriving meanwhile would wait for all of them before it was even read.
  it.runIf(kind === 'pglite')('lets the event loop take a turn before each queued transaction', async () => {
    const order: string[] = [];
    const first = withTenant(database.db, companyA, async (tx) => {
      await tx.select().from(mails);
      setImmediate(() => order.push('a request read'));
      order.push('first');
    });
    const second = withTenant(database.db, companyA, async (tx) => {
      await tx.select().from(mails);
      order.push('second');
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'a request read', 'second']);
  });

  it('returns the connection to the system context after the transaction', async () => {
    await withTenant(database.db, companyA, async (tx) => tx.select().from(mails));
    expect(await database.db.select().from(mails)).toHaveLength(3);
  });

  describe('a read-only tenant transaction', () => {
    it('shows a company only its own rows, as withTenant does', async () => {
      const seenByA = await withTenantRead(database.db, companyA, (tx) => tx.select().from(mails));
      expect(seenByA.map((mail) => mail.companyId)).toEqual([companyA, companyA]);
      expect(await withTenantRead(database.db, null, (tx) => tx.select().from(mails))).toEqual([]);
    });

    it('refuses a forged company id', async () => {
      const forged = "x', true); set_config('role', 'postgres', true); --";
      await expect(withTenantRead(database.db, forged, (tx) => tx.select().from(mails))).rejects.toThrow(
        'not a company id',
      );
    });

    // On PGlite it is withTenant (see there): the refusal is PostgreSQL's READ ONLY transaction.
    it.runIf(kind === 'postgres')('refuses any write on PostgreSQL', async () => {
      await expect(
        withTenantRead(database.db, companyA, (tx) => tx.insert(mails).values(mailFor(companyA))),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
      expect(await withTenantRead(database.db, companyA, (tx) => tx.select().from(mails))).toHaveLength(2);
    });

    it('gives its connection back clean after a failed read, and after many reads at once', async () => {
      await expect(
        withTenantRead(database.db, companyA, (tx) => tx.execute(sql`select * from no_such_table`)),
      ).rejects.toThrow();
      // More reads at once than the pool holds connections: each waits its turn, none sees another's company.
      const reads = Array.from({ length: 30 }, (_, index) => {
        const company = index % 2 === 0 ? companyA : companyB;
        return withTenantRead(database.db, company, async (tx) => ({
          company,
          seen: (await tx.select().from(mails)).map((mail) => mail.companyId),
        }));
      });
      for (const { company, seen } of await Promise.all(reads)) {
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.every((id) => id === company)).toBe(true);
      }
      // Back in the system context: the role and the company did not stay on any connection.
      expect(await database.db.select().from(mails)).toHaveLength(3);
    });
  });
});
