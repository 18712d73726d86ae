import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectNameForHost } from '../../identity/projects.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

export const demoAdminEmail = 'admin@demo-freight.test';

export type TDemoLogin = { email: string; password: string };

/**
 * The demo admin's identity account, in the project that serves PUBLIC_URL's host so that the
 * SPA there can sign in with it. Its password is generated once and kept with the other secrets.
 * (The sign-in issue gives this account its company, "Demo Freight Ltd".)
 */
export const seedDemo = async (app: FastifyInstance): Promise<TDemoLogin> => {
  const password = await getOrCreateSecret(app.database.db, 'demo.admin-password', () =>
    randomBytes(9).toString('base64url'),
  );
  const project = projectNameForHost(new URL(app.config.publicUrl).hostname, app.config.productionHost);
  const existing = await app.identity.admin.findAccountByEmail(project, demoAdminEmail);
  if (!existing) {
    await app.identity.admin.createAccount({
      project,
      email: demoAdminEmail,
      password,
      displayName: 'Demo Admin',
      emailVerified: true,
    });
  }
  return { email: demoAdminEmail, password };
};
