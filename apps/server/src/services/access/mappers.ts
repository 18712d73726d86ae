import type { TCompany, TProduct } from '@cargodesk/shared';
import type { TCompanyRow, TUserRow } from '../../platform/auth/auth-context.ts';

/** The API's company (docs/product.md §3 names, including its spellings). */
export const toCompany = (company: TCompanyRow): TCompany => ({
  _id: company.id,
  name: company.name,
  short_name: company.shortName,
  company_type: company.companyType,
  account_type: company.accountType,
  prefered_language: company.preferedLanguage,
  operating_country: company.operatingCountry,
  currency: company.currency,
  timezone: company.timezone,
  address: company.address,
  phone: company.phone,
  is_subscribed_for_campaign: company.isSubscribedForCampaign,
  twoFactorAuth: company.twoFactorAuth,
  account_setup: company.accountSetup,
  status: company.status,
  subscripedPlan: { name: company.planName, expiryDate: company.planExpiresAt.toISOString() },
  logoFileId: company.logoFileId,
});

export const toProduct = (product: { id: string; code: string; name: string }): TProduct => ({
  _id: product.id,
  code: product.code,
  name: product.name,
});

export const isPlanExpired = (company: TCompanyRow, now = Date.now()) =>
  company.planExpiresAt.getTime() < now;

/** The person fields the current-user answer and the profile share. */
export const toPersonFields = (user: TUserRow) => ({
  _id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  firstName: user.firstName,
  lastName: user.lastName,
  emailId: user.email,
  phone: user.phone,
  avatarFileId: user.avatarFileId,
});
