import { systemRoles } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export type TSystemRoleDefaults = readonly { key: string; permissions: readonly string[] }[];

/**
 * Gives every company's system roles the default permissions they have never been offered, once:
 * a permission added to the defaults reaches companies made before it, while one a company took
 * from its Member or Viewer role on purpose (already offered) is not given back at the next start.
 * The Admin role is left alone: it holds every permission whatever its row says (permissionsOf).
 * Runs at migrate time, as the tables' owner, so row-level security does not narrow it to one company.
 */
export const syncSystemRoleGrants = async (db: Db, defaults: TSystemRoleDefaults = systemRoles) => {
  for (const role of defaults) {
    if (role.key === 'admin') continue;
    // The list travels as one JSON parameter; `ordinality` keeps the defaults' order in the role.
    await db.execute(sql`
      with defaults as (
        select value as permission, ordinality
        from jsonb_array_elements_text(${JSON.stringify(role.permissions)}::jsonb) with ordinality
      )
      update roles set
        permissions = permissions || array(
          select permission from defaults
          where permission <> all(permissions) and permission <> all(offered_permissions)
          order by ordinality),
        offered_permissions = offered_permissions || array(
          select permission from defaults
          where permission <> all(offered_permissions)
          order by ordinality),
        updated_at = case
          when exists (
            select 1 from defaults
            where permission <> all(permissions) and permission <> all(offered_permissions))
          then now()
          else updated_at
        end
      where is_system and system_key = ${role.key}
        and exists (select 1 from defaults where permission <> all(offered_permissions))`);
  }
};
