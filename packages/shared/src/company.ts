import { z } from 'zod';
import { ZPhone } from './profile.ts';

// The company profile (iamserver /companies/current): /settings/company reads and edits it.
// Country, currency, time zone and the picklist fields are checked against the reference data on
// the server; the shapes are checked here.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

const readOnly = (what: string) =>
  z.never({ error: `${what} cannot be changed here; contact the Cargodesk support team` }).optional();

/** PATCH /iamserver/api/v1/companies/current: only what is sent changes. */
export const ZUpdateCompanyRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, 'must be at least 2 characters')
      .max(120, 'must be at most 120 characters')
      .optional(),
    short_name: optionalText(40),
    company_type: optionalText(60),
    account_type: optionalText(60),
    prefered_language: optionalText(10),
    /** ISO 3166-1 alpha-2, e.g. DE. */
    operating_country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code')
      .nullable()
      .optional(),
    /** ISO 4217, e.g. EUR. */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code')
      .nullable()
      .optional(),
    /** IANA name, e.g. Europe/Berlin. */
    timezone: z.string().trim().min(1).max(64, 'must be at most 64 characters').nullable().optional(),
    address: optionalText(500),
    phone: ZPhone.nullable().optional(),
    is_subscribed_for_campaign: z.boolean().optional(),
    twoFactorAuth: z.boolean().optional(),
    account_setup: z.boolean().optional(),
    logoFileId: z.uuid({ error: 'must be a file id' }).nullable().optional(),
    subscripedPlan: readOnly('The plan and its expiry date'),
    planName: readOnly('The plan'),
    expiryDate: readOnly('The plan expiry date'),
    status: readOnly('The account status'),
  })
  .strict();
export type TUpdateCompanyRequest = z.input<typeof ZUpdateCompanyRequest>;
