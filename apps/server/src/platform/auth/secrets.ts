import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

/**
 * Returns the named secret, creating it on first use. Kept in the database rather than a file so
 * every instance on one PostgreSQL shares it; the first writer wins a concurrent start.
 */
export const getOrCreateSecret = async (
  db: Queryable,
  name: string,
  create: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> => {
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
};
