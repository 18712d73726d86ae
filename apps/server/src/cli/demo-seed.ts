import { randomBytes } from 'node:crypto';
import type { TSystemRoleKey } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, roles } from '../db/schema/index.ts';
import type { TProjectName } from '../identity/projects.ts';
import { projectNameForHost } from '../identity/projects.ts';
import { getOrCreateSecret } from '../platform/auth/secrets.ts';
import { createId } from '../platform/data-access/ids.ts';
import { withTenant } from '../platform/data-access/tenant-transaction.ts';
import { createCompanyWithAdmin } from '../services/access/company-and-profile/company-setup.ts';
import { findUserLinkByIdentity, insertUser, insertUserRoles } from '../services/access/repository.ts';
import { seedDemoFreight } from './demo-freight.ts';

export const demoAdminEmail = 'admin@demo-freight.test';

export type TDemoAccount = { label: string; companyName: string; email: string };
export type TDemoLogin = { email: string; password: string; accounts: TDemoAccount[] };

const dayMs = 24 * 60 * 60 * 1000;

type TDemoMember = TDemoAccount & { firstName: string; lastName: string; role: TSystemRoleKey };

type TDemoCompany = TDemoAccount & {
  firstName: string;
  lastName: string;
  status: 'active' | 'suspended';
  twoFactorAuth?: boolean;
  /** Where it operates: its base currency and currencies in use follow, as for a registration. */
  country: string;
  planExpiresAt: () => Date;
  /** More people of the company besides its admin, to try what other roles see. */
  members?: TDemoMember[];
  /** Whether it gets the demo's organisations and shipments (cli/demo-freight.ts). */
  hasFreight?: boolean;
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
    country: 'GB',
    planExpiresAt: () => new Date(Date.now() + 30 * dayMs),
    hasFreight: true,
    members: [
      {
        label: 'Viewer (read-only)',
        companyName: 'Demo Freight Ltd',
        email: 'viewer@demo-freight.test',
        firstName: 'Demo',
        lastName: 'Viewer',
        role: 'viewer',
      },
    ],
  },
  {
    label: 'Expired plan',
    companyName: 'Expired Cargo Co',
    email: 'admin@expired-cargo.test',
    firstName: 'Expired',
    lastName: 'Admin',
    status: 'active',
    country: 'US',
    planExpiresAt: () => new Date(Date.now() - dayMs),
  },
  {
    label: 'Suspended',
    companyName: 'Suspended Logistics',
    email: 'admin@suspended-logistics.test',
    firstName: 'Suspended',
    lastName: 'Admin',
    status: 'suspended',
    country: 'NL',
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
    country: 'CH',
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
  const ensureAccount = async (account: { email: string; firstName: string; lastName: string }) => {
    const existing = await app.identity.admin.findAccountByEmail(project, account.email);
    if (existing) return existing.id;
    const created = await app.identity.admin.createAccount({
      project,
      email: account.email,
      password,
      displayName: `${account.firstName} ${account.lastName}`,
      emailVerified: true,
    });
    return created.uid;
  };
  for (const demo of demoCompanies) {
    const uid = await ensureAccount(demo);
    const link = await findUserLinkByIdentity(app.database.db, project, uid);
    let companyId = link?.companyId;
    if (!companyId) {
      const newCompanyId = createId();
      await withTenant(app.database.db, newCompanyId, async (tx) => {
        await createCompanyWithAdmin(tx, {
          companyId: newCompanyId,
          companyName: demo.companyName,
          status: demo.status,
          twoFactorAuth: demo.twoFactorAuth ?? false,
          country: demo.country,
          planExpiresAt: demo.planExpiresAt(),
          admin: { project, uid, email: demo.email, firstName: demo.firstName, lastName: demo.lastName },
        });
        await app.domainEvents.emit(tx, { type: 'company-created', companyId: newCompanyId });
      });
      companyId = newCompanyId;
    }
    if (demo.hasFreight) {
      const freightCompanyId = companyId;
      await withTenant(app.database.db, freightCompanyId, async (tx) => {
        const [company] = await tx
          .select({ timezone: companies.timezone })
          .from(companies)
          .where(eq(companies.id, freightCompanyId));
        const userId = link?.userId ?? (await findUserLinkByIdentity(tx, project, uid))?.userId ?? null;
        await seedDemoFreight(tx, {
          companyId: freightCompanyId,
          userId,
          timezone: company?.timezone ?? null,
        });
      });
    }
    for (const member of demo.members ?? []) {
      await seedMember(app, { project, companyId, uid: await ensureAccount(member), member });
    }
  }
  return {
    email: demoAdminEmail,
    password,
    accounts: demoCompanies.flatMap(({ label, companyName, email, members = [] }) => [
      { label, companyName, email },
      ...members.map((member) => ({ label: member.label, companyName, email: member.email })),
    ]),
  };
};

/** A demo company's non-admin user holding one of its system roles; left alone once it exists. */
const seedMember = async (
  app: FastifyInstance,
  {
    project,
    companyId,
    uid,
    member,
  }: { project: TProjectName; companyId: string; uid: string; member: TDemoMember },
) => {
  if (await findUserLinkByIdentity(app.database.db, project, uid)) return;
  await withTenant(app.database.db, companyId, async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.systemKey, member.role)));
    const userId = createId();
    await insertUser(tx, {
      companyId,
      id: userId,
      identityProject: project,
      identityUid: uid,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      status: 'active',
    });
    await insertUserRoles(tx, companyId, userId, role ? [role.id] : []);
  });
};
