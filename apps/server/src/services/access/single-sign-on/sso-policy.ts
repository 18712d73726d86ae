import { ssoProviderPrefix } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import { findSsoConfig, isCompanyAdmin } from './sso-repository.ts';

/** The identity-provider id of a company's single sign-on, as ID tokens name it. */
export const ssoProviderIdOf = (companyId: string) => `${ssoProviderPrefix}${companyId}`;

/**
 * Whether this user's company requires single sign-on of them (docs/decisions/020-single-sign-on.md):
 * its members yes, holders of its Admin role no — the break-glass rule, so a provider that is down
 * or misconfigured cannot lock the company out of its own settings. Reads in the caller's
 * transaction (a tenant one is enough: both rows are the company's own).
 */
export const isPasswordSignInBlocked = async (db: Queryable, companyId: string, userId: string) => {
  const config = await findSsoConfig(db, companyId);
  if (!config?.isEnabled || !config.requireSso) return false;
  return !(await isCompanyAdmin(db, companyId, userId));
};
