import { defaultDropdowns, type TCompany, type ZUpdateCompanyRequest } from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import type { TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import {
  listCountries,
  listCurrencies,
  listTimeZones,
  normaliseTimeZoneName,
} from '../../../platform/reference/reference-data.ts';
import { assertCompanyImage } from '../../files/public.ts';
import { toCompany } from '../mappers.ts';
import { updateAudited } from './audited-update.ts';
import * as repository from './company-repository.ts';

type TCompanyUpdate = z.output<typeof ZUpdateCompanyRequest>;
type TFieldError = { field: string; message: string };

/** The codes the master service serves, built once: the same lists the company screen offers. */
let referenceCodes:
  | {
      countries: Set<string>;
      currencies: Set<string>;
      timeZones: Set<string>;
      picklists: Map<string, Set<string>>;
    }
  | undefined;
const getReferenceCodes = () => {
  referenceCodes ??= {
    countries: new Set(listCountries().map((country) => country.code)),
    currencies: new Set(listCurrencies().map((currency) => currency.code)),
    timeZones: new Set(listTimeZones().map((zone) => zone.name)),
    picklists: new Map(
      (defaultDropdowns.home ?? []).map((group) => [
        group.group,
        new Set(group.values.map((value) => value.value)),
      ]),
    ),
  };
  return referenceCodes;
};

const picklistFields = ['company_type', 'account_type', 'prefered_language'] as const;

/** Checks the reference fields against the reference data; returns the update with canonical values. */
const checkReferenceFields = (update: TCompanyUpdate): TCompanyUpdate => {
  const codes = getReferenceCodes();
  const errors: TFieldError[] = [];
  const checked = { ...update };
  if (update.operating_country && !codes.countries.has(update.operating_country)) {
    errors.push({ field: 'operating_country', message: 'must be a known ISO 3166 country code' });
  }
  if (update.currency && !codes.currencies.has(update.currency)) {
    errors.push({ field: 'currency', message: 'must be a known ISO 4217 currency code' });
  }
  if (update.timezone) {
    const canonical = normaliseTimeZoneName(update.timezone);
    if (codes.timeZones.has(canonical)) checked.timezone = canonical;
    else errors.push({ field: 'timezone', message: 'must be an IANA time zone name, e.g. Europe/Berlin' });
  }
  for (const field of picklistFields) {
    const value = update[field];
    const allowed = codes.picklists.get(field);
    if (value && allowed && !allowed.has(value)) {
      errors.push({ field, message: `must be one of ${[...allowed].join(', ')}` });
    }
  }
  if (errors.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid body: ${errors.map((error) => `${error.field} ${error.message}`).join('; ')}`,
      { fields: errors },
    );
  }
  return checked;
};

/** API names (docs/product.md §3) to columns. The read-only plan fields never get here: the schema refuses them. */
const toColumns = (update: TCompanyUpdate): repository.TCompanyChanges => {
  const columns: repository.TCompanyChanges = {
    name: update.name,
    shortName: update.short_name,
    companyType: update.company_type,
    accountType: update.account_type,
    preferedLanguage: update.prefered_language,
    operatingCountry: update.operating_country,
    currency: update.currency,
    timezone: update.timezone,
    address: update.address,
    phone: update.phone,
    isSubscribedForCampaign: update.is_subscribed_for_campaign,
    twoFactorAuth: update.twoFactorAuth,
    accountSetup: update.account_setup,
    logoFileId: update.logoFileId,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
};

/** The company profile (/settings/company): read by company:read, edited by company:write. */
export const createCompanyService = ({ db }: { db: Db }) => {
  const getCompany = async (auth: TAuthContext): Promise<TCompany> => {
    const company = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findCompany(tx, auth.companyId),
    );
    if (!company) throw new AppError('NOT_FOUND', 'No such company');
    return toCompany(company);
  };

  const updateCompany = async (
    auth: TAuthContext,
    actor: TAuditActor,
    update: TCompanyUpdate,
  ): Promise<TCompany> => {
    const changes = toColumns(checkReferenceFields(update));
    return withTenant(db, auth.companyId, (tx) =>
      updateAudited(tx, actor, {
        entity: { entityType: 'company', entityId: auth.companyId },
        hasChanges: Object.keys(changes).length > 0,
        read: () => repository.findCompany(tx, auth.companyId),
        check: async (current) => {
          if (changes.logoFileId && changes.logoFileId !== current.logoFileId) {
            await assertCompanyImage(tx, auth.companyId, changes.logoFileId, 'logoFileId');
          }
        },
        write: () => repository.updateCompany(tx, auth.companyId, changes),
        viewOf: toCompany,
        gone: () => new AppError('NOT_FOUND', 'No such company'),
      }),
    );
  };

  return { getCompany, updateCompany };
};
