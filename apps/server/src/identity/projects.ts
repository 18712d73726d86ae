import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { getOrCreateSecret } from '../platform/auth/secrets.ts';

export type TProjectName = 'production' | 'test';
export type IdentityProject = { name: TProjectName; projectId: string; apiKey: string };

export const projectIds: Record<TProjectName, string> = {
  production: 'cargodesk-production',
  test: 'cargodesk-test',
};

/**
 * The two identity projects of docs/product.md §1: separate account pools, chosen by API key. The keys are
 * public tenant selectors, generated on first start so no two deployments share one.
 */
export const loadProjects = async (db: Db): Promise<IdentityProject[]> =>
  Promise.all(
    (Object.keys(projectIds) as TProjectName[]).map(async (name) => ({
      name,
      projectId: projectIds[name],
      apiKey: await getOrCreateSecret(
        db,
        `identity.api-key.${name}`,
        () => `AIza${randomBytes(26).toString('base64url')}`,
      ),
    })),
  );

/** docs/product.md §1: the production project on the production host, the test project on every other host. */
export const projectNameForHost = (host: string, productionHost: string): TProjectName =>
  productionHost !== '' && host.toLowerCase() === productionHost.toLowerCase() ? 'production' : 'test';
