import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { projectNameForHost } from '../../identity/projects.ts';
import { createId } from '../../platform/ids.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import { createCompanyWithAdmin } from '../../services/iamserver/company-setup.ts';
import { findUserLinkByIdentity } from '../../services/iamserver/repository.ts';

export const demoAdminEmail = 'admin@demo-freight.test';

export type TDemoAccount = { label: string; companyName: string; email: string };
export type TDemoLogin = { email: string; password: string; accounts: TDemoAccount[] };

const dayMs = 24 * 60 * 60 * 1000;

type TDemoCompany = TDemoAccount & {
  firstName: string;
  lastName: string;
  status: 'active' | 'suspended';
  twoFactorAuth?: boolean;
  planExpiresAt: () => Date;
};

// One company per path worth trying by hand: a working one, an expired plan, a suspended account,
// and two-factor sign-in with a mailed code.
const demoCompanies: TDemoCompany[] = [
  {
    label: 'Demo login',
    companyName: 'Demo Freight Ltd',
    email: demoAdminEmail,
    firstName: 'Demo',
    lastName: 'Admin',
    status: 'active',
    planExpiresAt: () => new Date(Date.now() + 30 * dayMs),
  },
  {
    label: 'Expired plan',
    companyName: 'Expired Cargo Co',
    email: 'admin@expired-cargo.test',
    firstName: 'Expired',
    lastName: 'Admin',
    status: 'active',
    planExpiresAt: () => new Date(Date.now() - dayMs),
  },
  {
    label: 'Suspended',
    companyName: 'Suspended Logistics',
    email: 'admin@suspended-logistics.test',
    firstName: 'Suspended',
    lastName: 'Admin',
    status: 'suspended',
    planExpiresAt: () => new Date(Date.now() + 30 * dayMs),
  },
  {
    label: 'Two-factor',
    companyName: 'Secure Shipping AG',
    email: 'admin@secure-shipping.test',
    firstName: 'Secure',
    lastName: 'Admin',
    status: 'active',
    twoFactorAuth: true,
    planExpiresAt: () => new Date(Date.now() + 30 * dayMs),
  },
];

/**
 * The demo companies and their admins' identity accounts, in the project that serves PUBLIC_URL's
 * host so that the SPA there can sign in with them. One password, generated once and kept with the
 * other secrets. Idempotent: what exists already is left as it is.
 */
export const seedDemo = async (app: FastifyInstance): Promise<TDemoLogin> => {
  // DEMO_PASSWORD fixes it (browser tests sign in with it); otherwise it is generated once.
  const password = await getOrCreateSecret(
    app.database.db,
    'demo.admin-password',
    () => app.config.demoPassword ?? randomBytes(9).toString('base64url'),
  );
  const project = projectNameForHost(new URL(app.config.publicUrl).hostname, app.config.productionHost);
  for (const demo of demoCompanies) {
    const existing = await app.identity.admin.findAccountByEmail(project, demo.email);
    const uid =
      existing?.id ??
      (
        await app.identity.admin.createAccount({
          project,
          email: demo.email,
          password,
          displayName: `${demo.firstName} ${demo.lastName}`,
          emailVerified: true,
        })
      ).uid;
    if (await findUserLinkByIdentity(app.database.db, project, uid)) continue;
    const companyId = createId();
    await withTenant(app.database.db, companyId, (tx) =>
      createCompanyWithAdmin(tx, {
        companyId,
        companyName: demo.companyName,
        status: demo.status,
        twoFactorAuth: demo.twoFactorAuth ?? false,
        planExpiresAt: demo.planExpiresAt(),
        admin: { project, uid, email: demo.email, firstName: demo.firstName, lastName: demo.lastName },
      }),
    );
  }
  return {
    email: demoAdminEmail,
    password,
    accounts: demoCompanies.map(({ label, companyName, email }) => ({ label, companyName, email })),
  };
};
