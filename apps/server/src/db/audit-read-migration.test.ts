import fs from 'node:fs';
import { permissions, systemRoles } from '@cargodesk/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases.ts';
import { createId } from '../platform/data-access/ids.ts';
import type { Database } from './client.ts';
import { companies, roles } from './schema/index.ts';

const migrationSql = fs.readFileSync(
  new URL('./migrations/0020_audit_read_for_admins_only.sql', import.meta.url),
  'utf8',
);

describe('default roles and the audit trail', () => {
  it('gives audit:read to the Admin role only', () => {
    const byKey = Object.fromEntries(
      systemRoles.map((role) => [role.key, role.permissions as readonly string[]]),
    );
    expect(byKey.admin).toContain('audit:read');
    expect(byKey.member).not.toContain('audit:read');
    expect(byKey.viewer).not.toContain('audit:read');
    // Everything else a Viewer could read before, it still reads; margins are not a Viewer's (decision 043).
    expect(byKey.viewer).toEqual(
      permissions.filter(
        (permission) =>
          permission.endsWith(':read') && permission !== 'audit:read' && permission !== 'charges:read',
      ),
    );
  });
});

describe.each(testDatabaseKinds)('migration 0020 on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("takes audit:read from existing companies' Member and Viewer roles, and from no other role", async () => {
    const { db } = database;
    const companyId = createId();
    await db.insert(companies).values({ id: companyId, name: 'Made before 0020' });
    // The roles as companies got them before: Member and Viewer with every read permission.
    const allReads = permissions.filter((permission) => permission.endsWith(':read'));
    const role = (name: string, rolePermissions: string[], systemKey: string | null) => ({
      companyId,
      id: createId(),
      name,
      permissions: rolePermissions,
      isSystem: systemKey !== null,
      systemKey,
    });
    const rows = [
      role('Admin', [...permissions], 'admin'),
      role('Member', [...allReads, 'contacts:write'], 'member'),
      role('Viewer', allReads, 'viewer'),
      // A company's own role that grants the audit trail on purpose keeps it.
      role('Auditors', ['audit:read', 'users:read'], null),
    ];
    await db.insert(roles).values(rows);

    for (const statement of migrationSql.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }

    const after = Object.fromEntries(
      (await db.select().from(roles).where(eq(roles.companyId, companyId))).map((row) => [
        row.name,
        row.permissions,
      ]),
    );
    expect(after.Admin).toContain('audit:read');
    expect(after.Auditors).toEqual(['audit:read', 'users:read']);
    expect(after.Member).toEqual([
      ...allReads.filter((permission) => permission !== 'audit:read'),
      'contacts:write',
    ]);
    expect(after.Viewer).toEqual(allReads.filter((permission) => permission !== 'audit:read'));
  });
});
