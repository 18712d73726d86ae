import { z } from 'zod';

// Single sign-on through OpenID Connect (docs/decisions/020-single-sign-on.md).

/** Domains of public mail services: no company owns them, so none may claim them for its sign-on. */
export const publicMailDomains = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
] as const;

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const ZSsoDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(domainPattern, 'must be a domain name such as example.com')
  .refine((domain) => !(publicMailDomains as readonly string[]).includes(domain), {
    message: 'is a public mail service that no company owns',
  });

/** What a company admin saves. The secret may be left out to keep the stored one. */
export const ZSsoConfigInput = z
  .object({
    issuer: z
      .string()
      .trim()
      .max(500, 'must be at most 500 characters')
      .url('must be the identity provider’s issuer URL')
      .transform((issuer) => issuer.replace(/\/+$/, '')),
    clientId: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
    clientSecret: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
    domains: z
      .array(ZSsoDomain)
      .min(1, 'name at least one e-mail domain')
      .max(20, 'may name at most 20 domains')
      .refine((domains) => new Set(domains).size === domains.length, { message: 'lists a domain twice' }),
    isEnabled: z.boolean().default(true),
    requireSso: z.boolean().default(false),
    jitProvisioning: z.boolean().default(false),
  })
  .strict();
export type TSsoConfigInput = z.input<typeof ZSsoConfigInput>;

/**
 * What a company publishes to prove it holds a domain (docs/decisions/032): a TXT record named
 * `recordName` whose value is `recordValue`. Until then its provider speaks for no address there.
 */
export const ZSsoDomainProof = z.object({
  domain: z.string(),
  recordName: z.string(),
  recordValue: z.string(),
  /** When the record was found; null while the domain waits for proof. */
  verifiedAt: z.string().nullable(),
});
export type TSsoDomainProof = z.infer<typeof ZSsoDomainProof>;

/** The configuration as the API shows it: the client secret never leaves the server. */
export const ZSsoConfig = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  domainProofs: z.array(ZSsoDomainProof),
  isEnabled: z.boolean(),
  requireSso: z.boolean(),
  jitProvisioning: z.boolean(),
  /** When discovery and the key set were last fetched from the issuer. */
  metadataFetchedAt: z.string(),
  updatedAt: z.string(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

/** GET answers the configuration, or null, with the redirect URI to register at the provider. */
export const ZSsoSettings = z.object({ config: ZSsoConfig.nullable(), redirectUri: z.string() });
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/** Checks the DNS of every domain still waiting for proof: which are proven now, which still wait. */
export const ZSsoDomainCheck = z.object({
  settings: ZSsoSettings,
  verified: z.array(z.string()),
  pending: z.array(z.string()),
});
export type TSsoDomainCheck = z.infer<typeof ZSsoDomainCheck>;

/** Test connection: fetches discovery and keys for an issuer without saving anything. */
export const ZSsoTestRequest = z.object({ issuer: ZSsoConfigInput.shape.issuer }).strict();
export const ZSsoTestResult = z.object({
  issuer: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  keyCount: z.number().int(),
});
export type TSsoTestResult = z.infer<typeof ZSsoTestResult>;

export const ZSsoStartRequest = z
  .object({ email: z.string().trim().toLowerCase().max(254).email('Please enter a valid email address.') })
  .strict();
export const ZSsoStartResponse = z.object({ authorizationUrl: z.string() });
export type TSsoStartResponse = z.infer<typeof ZSsoStartResponse>;

/** Every identity provider id of ours starts so; the rest names the company (`oidc.<companyId>`). */
export const ssoProviderPrefix = 'oidc.';

/** The reasons a single sign-on attempt ends on the login page, as `?sso_error=` codes. */
export const ssoErrorCodes = [
  'failed',
  'expired',
  'other-browser',
  'outside-domains',
  'unverified-email',
  'other-company',
  'not-provisioned',
  'suspended',
  'disabled',
] as const;
export type TSsoErrorCode = (typeof ssoErrorCodes)[number];

export const ssoMessages = {
  noProvider: 'Single sign-on is not set up for this e-mail domain. Sign in with your password.',
  requireSso: 'Your company requires single sign-on: choose “Use single sign-on” instead of a password.',
  domainClaimed: 'is already used for single sign-on by another company',
  domainProofMissing: 'No TXT record with the expected value was found yet',
  secretRequired: 'is required when single sign-on is first set up',
  discoveryFailed: 'The identity provider could not be reached or did not answer as an OpenID provider',
  notConfigured: 'Single sign-on is not set up for this company',
  tooManyAttempts: 'Too many single sign-on attempts; try again later',
  tooManyDomainChecks: 'The DNS records were checked many times this hour; try again later',
  privateAddress:
    'is not on a public address: single sign-on reaches only identity providers on the internet, never private, loopback or link-local addresses',
} as const;
