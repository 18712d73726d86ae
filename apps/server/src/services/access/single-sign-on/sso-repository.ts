import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import {
  companySsoConfigs,
  companySsoDomains,
  roles,
  ssoSignIns,
  userRoles,
  users,
} from '../../../db/schema/index.ts';

// Queries only: the rules live in sso-config-service.ts and sso-sign-in-service.ts.

export type TSsoConfigRow = typeof companySsoConfigs.$inferSelect;

export const findSsoConfig = async (db: Queryable, companyId: string) => {
  const [row] = await db.select().from(companySsoConfigs).where(eq(companySsoConfigs.companyId, companyId));
  return row;
};

export type TSsoDomainRow = typeof companySsoDomains.$inferSelect;

/** System context: the company whose single sign-on proved it holds an e-mail domain, with its configuration. */
export const findSsoConfigByDomain = async (db: Queryable, domain: string) => {
  const [row] = await db
    .select({ config: companySsoConfigs })
    .from(companySsoDomains)
    .innerJoin(companySsoConfigs, eq(companySsoConfigs.companyId, companySsoDomains.companyId))
    .where(and(eq(companySsoDomains.domain, domain), isNotNull(companySsoDomains.verifiedAt)));
  return row?.config;
};

export const findSsoDomains = async (db: Queryable, companyId: string) =>
  db
    .select()
    .from(companySsoDomains)
    .where(eq(companySsoDomains.companyId, companyId))
    .orderBy(companySsoDomains.domain);

/** The domains a company proved: the only ones its provider speaks for. */
export const findVerifiedSsoDomains = async (db: Queryable, companyId: string) =>
  (
    await db
      .select({ domain: companySsoDomains.domain })
      .from(companySsoDomains)
      .where(and(eq(companySsoDomains.companyId, companyId), isNotNull(companySsoDomains.verifiedAt)))
  ).map(({ domain }) => domain);

/** System context: which of these domains another company has proved. */
export const findDomainsProvedElsewhere = async (db: Queryable, companyId: string, domains: string[]) =>
  domains.length === 0
    ? []
    : (
        await db
          .select({ domain: companySsoDomains.domain })
          .from(companySsoDomains)
          .where(
            and(
              inArray(companySsoDomains.domain, domains),
              isNotNull(companySsoDomains.verifiedAt),
              ne(companySsoDomains.companyId, companyId),
            ),
          )
      ).map(({ domain }) => domain);

/** Marks the domain proven, only while it still holds the token whose record was found. */
export const markSsoDomainVerified = async (
  db: Queryable,
  { companyId, domain, proofToken }: { companyId: string; domain: string; proofToken: string },
) => {
  await db
    .update(companySsoDomains)
    .set({ verifiedAt: new Date() })
    .where(
      and(
        eq(companySsoDomains.companyId, companyId),
        eq(companySsoDomains.domain, domain),
        eq(companySsoDomains.proofToken, proofToken),
      ),
    );
};

export const upsertSsoConfig = async (db: Queryable, row: typeof companySsoConfigs.$inferInsert) => {
  const { companyId, ...changes } = row;
  const [saved] = await db
    .insert(companySsoConfigs)
    .values(row)
    .onConflictDoUpdate({ target: companySsoConfigs.companyId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return saved;
};

/**
 * Makes the company's domains these: a domain kept keeps its token and its proof, a new one waits for
 * proof under a new token, and a dropped one is forgotten (a later claim starts its proof again).
 */
export const replaceSsoDomains = async (
  db: Queryable,
  companyId: string,
  domains: string[],
  createToken: () => string,
) => {
  await db
    .delete(companySsoDomains)
    .where(
      domains.length > 0
        ? and(eq(companySsoDomains.companyId, companyId), notInArray(companySsoDomains.domain, domains))
        : eq(companySsoDomains.companyId, companyId),
    );
  if (domains.length > 0) {
    await db
      .insert(companySsoDomains)
      .values(domains.map((domain) => ({ domain, companyId, proofToken: createToken() })))
      .onConflictDoNothing();
  }
};

export const deleteSsoConfig = async (db: Queryable, companyId: string) => {
  await db.delete(companySsoDomains).where(eq(companySsoDomains.companyId, companyId));
  const [deleted] = await db
    .delete(companySsoConfigs)
    .where(eq(companySsoConfigs.companyId, companyId))
    .returning();
  return deleted;
};

export const updateSsoKeys = async (db: Queryable, companyId: string, jwks: TSsoConfigRow['jwks']) => {
  await db
    .update(companySsoConfigs)
    .set({ jwks, metadataFetchedAt: new Date() })
    .where(eq(companySsoConfigs.companyId, companyId));
};

export const insertSsoSignIn = async (db: Queryable, row: typeof ssoSignIns.$inferInsert) => {
  // Flows nobody finished are of no use to anyone once expired.
  await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
  await db.insert(ssoSignIns).values(row);
};

/**
 * Binds a flow to the browser that opened its begin address, once: the first browser gets it, and
 * a begin address opened again (by the same person or another) finds nothing.
 */
export const bindSsoSignIn = async (db: Queryable, stateHash: string, browserBindingHash: string) => {
  const [row] = await db
    .update(ssoSignIns)
    .set({ browserBindingHash })
    .where(
      and(
        eq(ssoSignIns.stateHash, stateHash),
        eq(ssoSignIns.browserBindingHash, ''),
        isNull(ssoSignIns.usedAt),
        gt(ssoSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
};

/** Uses a flow up in the statement that finds it, so a replayed callback finds nothing. */
export const consumeSsoSignIn = async (db: Queryable, stateHash: string) => {
  const [row] = await db
    .update(ssoSignIns)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoSignIns.stateHash, stateHash),
        isNull(ssoSignIns.usedAt),
        gt(ssoSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
};

/** System context: every company user holding any of the identity accounts' addresses. */
export const findUsersByEmail = async (db: Queryable, project: 'production' | 'test', email: string) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.identityProject, project), eq(users.email, email)));

/** Whether the user holds the company's Admin system role (the break-glass rule). */
export const isCompanyAdmin = async (db: Queryable, companyId: string, userId: string) => {
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.companyId, userRoles.companyId), eq(roles.id, userRoles.roleId)))
    .where(
      and(
        eq(userRoles.companyId, companyId),
        eq(userRoles.userId, userId),
        inArray(roles.systemKey, ['admin']),
      ),
    );
  return rows.length > 0;
};
