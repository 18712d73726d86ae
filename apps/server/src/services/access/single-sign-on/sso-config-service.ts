import {
  ssoMessages,
  type TSsoConfig,
  type TSsoDomainCheck,
  type TSsoSettings,
  type TSsoTestResult,
  type ZSsoConfigInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import type { TSealer } from '../../../platform/auth/sealed-secrets.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { discoverProvider, OidcError } from './oidc-client.ts';
import {
  createProofToken,
  proofRecordNameOf,
  proofRecordValueOf,
  type TDomainProver,
} from './sso-domain-proof.ts';
import * as repository from './sso-repository.ts';

type TSsoInput = z.output<typeof ZSsoConfigInput>;

const toSsoConfig = (row: repository.TSsoConfigRow, domainRows: repository.TSsoDomainRow[]): TSsoConfig => ({
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecretSealed !== '',
  domains: row.domains,
  domainProofs: domainRows.map(({ domain, proofToken, verifiedAt }) => ({
    domain,
    recordName: proofRecordNameOf(domain),
    recordValue: proofRecordValueOf(proofToken),
    verifiedAt: verifiedAt?.toISOString() ?? null,
  })),
  isEnabled: row.isEnabled,
  requireSso: row.requireSso,
  jitProvisioning: row.jitProvisioning,
  metadataFetchedAt: row.metadataFetchedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail shows: the configuration without its secret, and whether the secret changed. */
const auditViewOf = (config: TSsoConfig) => {
  const {
    metadataFetchedAt: _fetched,
    updatedAt: _updated,
    hasClientSecret: _secret,
    domainProofs,
    ...view
  } = config;
  return {
    ...view,
    verifiedDomains: domainProofs.filter((proof) => proof.verifiedAt).map((proof) => proof.domain),
  };
};

export type TSsoConfigDependencies = {
  db: Db;
  sealer: TSealer;
  redirectUri: string;
  allowHttpIssuers: boolean;
  allowPrivateIssuers: boolean;
  domainProver: TDomainProver;
  domainChecksPerCompany: TRateLimit;
};

/** A company's single sign-on settings (docs/decisions/020-single-sign-on.md), company:write only. */
export const createSsoConfigService = ({
  db,
  sealer,
  redirectUri,
  allowHttpIssuers,
  allowPrivateIssuers,
  domainProver,
  domainChecksPerCompany,
}: TSsoConfigDependencies) => {
  const discover = async (issuer: string) => {
    try {
      return await discoverProvider(issuer, {
        allowHttp: allowHttpIssuers,
        allowPrivateAddresses: allowPrivateIssuers,
      });
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      throw fieldError('issuer', `${ssoMessages.discoveryFailed}: ${error.message}`);
    }
  };

  /** The configuration with its domains' proofs, read in the company's transaction. */
  const readConfig = async (tx: Queryable, companyId: string) => {
    const row = await repository.findSsoConfig(tx, companyId);
    return row ? toSsoConfig(row, await repository.findSsoDomains(tx, companyId)) : undefined;
  };

  const getSettings = async (auth: TAuthContext): Promise<TSsoSettings> => {
    const config = await withTenantRead(db, auth.companyId, (tx) => readConfig(tx, auth.companyId));
    return { config: config ?? null, redirectUri };
  };

  const testConnection = async (issuer: string): Promise<TSsoTestResult> => {
    const { metadata, jwks } = await discover(issuer);
    return {
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint,
      tokenEndpoint: metadata.token_endpoint,
      keyCount: jwks.keys.length,
    };
  };

  const saveConfig = async (
    auth: TAuthContext,
    actor: TAuditActor,
    input: TSsoInput,
  ): Promise<TSsoSettings> => {
    const { companyId } = auth;
    const existing = await withTenantRead(db, companyId, async (tx) => ({
      row: await repository.findSsoConfig(tx, companyId),
      config: await readConfig(tx, companyId),
    }));
    const secret = input.clientSecret ? sealer.seal(input.clientSecret) : existing.row?.clientSecretSealed;
    if (!secret) throw fieldError('clientSecret', ssoMessages.secretRequired);
    // System context: another company's domains are invisible to this company's transaction. Only a
    // proven domain is taken: a claim still waiting for proof must not keep its real holder out.
    const [claimed] = await repository.findDomainsProvedElsewhere(db, companyId, input.domains);
    if (claimed) throw fieldError('domains', `${claimed} ${ssoMessages.domainClaimed}`);
    // Fetched outside the transaction: a slow provider must not hold a database connection.
    const { metadata, jwks } = await discover(input.issuer);
    try {
      return await withTenant(db, companyId, async (tx) => {
        const saved = await repository.upsertSsoConfig(tx, {
          companyId,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecretSealed: secret,
          domains: input.domains,
          isEnabled: input.isEnabled,
          requireSso: input.requireSso,
          jitProvisioning: input.jitProvisioning,
          providerMetadata: metadata,
          jwks,
          metadataFetchedAt: new Date(),
        });
        if (!saved) throw new AppError('NOT_FOUND', ssoMessages.notConfigured);
        await repository.replaceSsoDomains(tx, companyId, input.domains, createProofToken);
        const after = toSsoConfig(saved, await repository.findSsoDomains(tx, companyId));
        await recordAudit(tx, actor, {
          entityType: 'sso-config',
          entityId: companyId,
          action: existing.config ? 'update' : 'create',
          ...(existing.config ? { before: auditViewOf(existing.config) } : {}),
          after: { ...auditViewOf(after), clientSecretChanged: Boolean(input.clientSecret) },
        });
        return { config: after, redirectUri };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('domains', ssoMessages.domainClaimed);
      throw error;
    }
  };

  const removeConfig = async (auth: TAuthContext, actor: TAuditActor): Promise<TSsoSettings> =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await readConfig(tx, auth.companyId);
      const deleted = await repository.deleteSsoConfig(tx, auth.companyId);
      if (!deleted || !before) throw new AppError('NOT_FOUND', ssoMessages.notConfigured);
      await auditTrails['sso-config'](tx, actor, 'delete', auth.companyId, { before: auditViewOf(before) });
      return { config: null, redirectUri };
    });

  /**
   * Looks up the proof record of every domain still waiting and marks those that hold it. The DNS
   * look-ups run outside the transaction: a slow name server must not hold a database connection.
   */
  const verifyDomains = async (auth: TAuthContext, actor: TAuditActor): Promise<TSsoDomainCheck> => {
    const { companyId } = auth;
    const verdict = await domainChecksPerCompany.consume(companyId);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', ssoMessages.tooManyDomainChecks, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const { before, rows } = await withTenantRead(db, companyId, async (tx) => ({
      before: await readConfig(tx, companyId),
      rows: await repository.findSsoDomains(tx, companyId),
    }));
    if (!before) throw new AppError('NOT_FOUND', ssoMessages.notConfigured);
    const waiting = rows.filter((row) => !row.verifiedAt);
    const provedElsewhere = new Set(
      await repository.findDomainsProvedElsewhere(
        db,
        companyId,
        waiting.map((row) => row.domain),
      ),
    );
    const checks = await Promise.all(
      waiting.map(async (row) => ({
        row,
        isProven:
          !provedElsewhere.has(row.domain) &&
          (await domainProver.hasProof(row.domain, proofRecordValueOf(row.proofToken))),
      })),
    );
    const proven = checks.filter((check) => check.isProven).map((check) => check.row);
    const verified = proven.map((row) => row.domain);
    const pending = checks.filter((check) => !check.isProven).map((check) => check.row.domain);
    if (verified.length === 0) return { settings: { config: before, redirectUri }, verified, pending };
    try {
      const after = await withTenant(db, companyId, async (tx) => {
        // Each with the token whose record was found: a domain removed and added again meanwhile
        // has a new token, and waits for its own record.
        for (const { domain, proofToken } of proven)
          await repository.markSsoDomainVerified(tx, { companyId, domain, proofToken });
        const config = await readConfig(tx, companyId);
        if (!config) throw new AppError('NOT_FOUND', ssoMessages.notConfigured);
        await auditTrails['sso-config'](tx, actor, 'update', companyId, {
          before: auditViewOf(before),
          after: { ...auditViewOf(config), domainsProved: verified },
        });
        return config;
      });
      const provedNow = new Set(
        after.domainProofs.filter((proof) => proof.verifiedAt).map((proof) => proof.domain),
      );
      return {
        settings: { config: after, redirectUri },
        verified: verified.filter((domain) => provedNow.has(domain)),
        pending: [...pending, ...verified.filter((domain) => !provedNow.has(domain))],
      };
    } catch (error) {
      // Another company proved the same domain a moment before: the partial unique index decides.
      if (isUniqueViolation(error)) throw fieldError('domains', ssoMessages.domainClaimed);
      throw error;
    }
  };

  return { getSettings, testConnection, saveConfig, removeConfig, verifyDomains };
};
