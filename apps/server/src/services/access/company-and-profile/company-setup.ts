import { systemRoles } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import type { TProjectName } from '../../../identity/projects.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { listCountries, listCurrencies } from '../../../platform/reference/reference-data.ts';
import * as repository from '../repository.ts';

export const trialMs = 30 * 24 * 60 * 60 * 1000;

export type TNewCompanyWithAdmin = {
  companyId?: string;
  companyName: string;
  status?: 'active' | 'suspended';
  twoFactorAuth?: boolean;
  planName?: string;
  planExpiresAt?: Date;
  /** ISO 3166-1 alpha-2, one of the reference countries: the operating country. */
  country?: string | undefined;
  admin: { project: TProjectName; uid: string; email: string; firstName: string; lastName: string };
};

/**
 * A company as it starts: its country and that country's currency as the base, its Admin, Member
 * and Viewer roles, the admin user holding Admin, and every product. Run it in the new company's transaction so nothing half-made remains.
 */
/** A country's own currency, when it is one still in use (the base currency a company there starts with). */
export const currencyOfCountry = (country: string) => {
  const code = listCountries().find((known) => known.code === country)?.currency;
  return listCurrencies().some((currency) => currency.code === code) ? (code ?? null) : null;
};

export const isKnownCountry = (country: string) => listCountries().some((known) => known.code === country);

export const createCompanyWithAdmin = async (db: Queryable, setup: TNewCompanyWithAdmin) => {
  const companyId = setup.companyId ?? createId();
  const userId = createId();
  await repository.insertCompany(db, {
    id: companyId,
    name: setup.companyName,
    status: setup.status ?? 'active',
    twoFactorAuth: setup.twoFactorAuth ?? false,
    planName: setup.planName ?? 'Trial',
    planExpiresAt: setup.planExpiresAt ?? new Date(Date.now() + trialMs),
    ...(setup.country ? { operatingCountry: setup.country, currency: currencyOfCountry(setup.country) } : {}),
  });
  const roleRows = systemRoles.map((role) => ({
    companyId,
    id: createId(),
    name: role.name,
    permissions: [...role.permissions],
    // What it starts with counts as offered, so the start-up sync adds only defaults that come later.
    offeredPermissions: [...role.permissions],
    isSystem: true,
    systemKey: role.key,
  }));
  await repository.insertRoles(db, roleRows);
  const { admin } = setup;
  await repository.insertUser(db, {
    companyId,
    id: userId,
    identityProject: admin.project,
    identityUid: admin.uid,
    email: admin.email,
    firstName: admin.firstName,
    lastName: admin.lastName,
    status: 'active',
  });
  const adminRoleIds = roleRows.filter((role) => role.systemKey === 'admin').map((role) => role.id);
  await repository.insertUserRoles(db, companyId, userId, adminRoleIds);
  await repository.insertCompanyProducts(db, companyId, await repository.findAllProductIds(db));
  return { companyId, userId };
};
