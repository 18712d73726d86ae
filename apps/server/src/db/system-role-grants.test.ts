import fs from 'node:fs';
import { permissions, systemRoles } from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { createId } from '../platform/data-access/ids.ts';
import { createCompanyWithAdmin } from '../services/access/company-and-profile/company-setup.ts';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import { companies, roles } from './schema/index.ts';
import { syncSystemRoleGrants, type TSystemRoleDefaults } from './system-role-grants.ts';

const migration0022 = fs.readFileSync(
  new URL('./migrations/0022_offered_role_permissions.sql', import.meta.url),
  'utf8',
);

const defaultsOf = (key: string) =>
  systemRoles.find((role) => role.key === key)?.permissions as readonly string[];

/** Today's defaults with one more permission for the Member role, as a release adding it would ship. */
const withNewMemberPermission = (added: string): TSystemRoleDefaults =>
  systemRoles.map((role) =>
    role.key === 'member' ? { key: role.key, permissions: [...role.permissions, added] } : role,
  );

describe.each(testDatabaseKinds)('system role grants on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const newCompany = async () => {
    const { companyId } = await createCompanyWithAdmin(database.db, {
      companyName: `Grants ${createId()}`,
      admin: {
        project: 'test',
        uid: createId(),
        email: `${createId()}@grants.test`,
        firstName: 'Ada',
        lastName: 'Admin',
      },
    });
    return companyId;
  };

  const roleOf = async (companyId: string, systemKey: string) => {
    const [row] = await database.db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, systemKey)));
    if (!row) throw new Error(`No ${systemKey} role`);
    return row;
  };

  const setPermissions = async (companyId: string, systemKey: string, granted: string[]) => {
    await database.db
      .update(roles)
      .set({ permissions: granted })
      .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, systemKey)));
  };

  it('changes nothing in a company made with the defaults of today', async () => {
    const companyId = await newCompany();
    const before = await roleOf(companyId, 'member');
    await syncSystemRoleGrants(database.db);
    const after = await roleOf(companyId, 'member');
    expect(after.permissions).toEqual(defaultsOf('member'));
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("gives a permission new to the defaults to an existing company's Member role, once", async () => {
    const companyId = await newCompany();
    const defaults = withNewMemberPermission('issues:write');
    await syncSystemRoleGrants(database.db, defaults);
    expect((await roleOf(companyId, 'member')).permissions).toEqual([
      ...defaultsOf('member'),
      'issues:write',
    ]);
    // The Viewer's defaults did not change, so neither did its role.
    expect((await roleOf(companyId, 'viewer')).permissions).toEqual(defaultsOf('viewer'));

    // The company decides its members should not have it after all: the next start respects that.
    await setPermissions(companyId, 'member', [...defaultsOf('member')]);
    await syncSystemRoleGrants(database.db, defaults);
    expect((await roleOf(companyId, 'member')).permissions).toEqual(defaultsOf('member'));
  });

  it('does not give back a default permission a company removed on purpose', async () => {
    const companyId = await newCompany();
    const kept = defaultsOf('member').filter((permission) => permission !== 'contacts:write');
    await setPermissions(companyId, 'member', kept);
    await syncSystemRoleGrants(database.db, withNewMemberPermission('issues:write'));
    await syncSystemRoleGrants(database.db, withNewMemberPermission('issues:write'));
    expect((await roleOf(companyId, 'member')).permissions).toEqual([...kept, 'issues:write']);
  });

  it('never touches the Admin role or a role of the company’s own', async () => {
    const companyId = await newCompany();
    const ownRoleId = createId();
    await database.db
      .insert(roles)
      .values({ companyId, id: ownRoleId, name: 'Clerks', permissions: ['users:read'] });
    const adminBefore = await roleOf(companyId, 'admin');
    await syncSystemRoleGrants(
      database.db,
      systemRoles.map((role) => ({ key: role.key, permissions: [...role.permissions, 'issues:write'] })),
    );
    expect(await roleOf(companyId, 'admin')).toEqual(adminBefore);
    const [own] = await database.db
      .select({ permissions: roles.permissions })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.id, ownRoleId)));
    expect(own?.permissions).toEqual(['users:read']);
  });

  it('runs at every start: migrating again hands a default the Member role was never offered', async () => {
    const companyId = await newCompany();
    // As if files:write had joined the defaults after this company was made.
    const without = defaultsOf('member').filter((permission) => permission !== 'files:write');
    await database.db
      .update(roles)
      .set({ permissions: without, offeredPermissions: without })
      .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, 'member')));
    await migrateDatabase(database);
    expect((await roleOf(companyId, 'member')).permissions).toEqual([...without, 'files:write']);
  });

  it('counts every default of a company made before 0022 as offered, audit:read included', async () => {
    const { db } = database;
    const companyId = createId();
    await db.insert(companies).values({ id: companyId, name: 'Made before 0022' });
    // The company took every permission from its Member and Viewer roles; 0020 had taken audit:read.
    for (const key of ['member', 'viewer']) {
      await db.insert(roles).values({
        companyId,
        id: createId(),
        name: key,
        permissions: [],
        isSystem: true,
        systemKey: key,
      });
    }
    for (const statement of migration0022.split('--> statement-breakpoint').slice(1)) {
      await db.execute(sql.raw(statement));
    }
    await syncSystemRoleGrants(db);
    await syncSystemRoleGrants(
      db,
      systemRoles.map((role) => ({ key: role.key, permissions: [...role.permissions, 'audit:read'] })),
    );
    // Only the defaults added after 0022 arrive: reports:write, which Members gained with report
    // sketches, and the shipments' permissions (charges:read is the Member's, not the Viewer's).
    expect((await roleOf(companyId, 'member')).permissions).toEqual([
      'shipments:read',
      'charges:read',
      'reports:write',
      'shipments:write',
    ]);
    expect((await roleOf(companyId, 'viewer')).permissions).toEqual(['shipments:read']);
  });
});

describe('the default grants', () => {
  it('keep audit:read for the Admin role only, and name only known permissions', () => {
    expect(defaultsOf('member')).not.toContain('audit:read');
    expect(defaultsOf('viewer')).not.toContain('audit:read');
    for (const role of systemRoles) {
      for (const permission of role.permissions) expect(permissions).toContain(permission);
    }
  });
});
