import {
  ssoMessages,
  type TSsoConfig,
  type TSsoSettings,
  type TSsoTestResult,
  type ZSsoConfigInput,
} from '@cargodesk/shared';
import { and, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companySsoDomains } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, type TAuditActor } from '../../platform/audit.ts';
import type { TAuthContext } from '../../platform/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TSealer } from '../../platform/sealed-secrets.ts';
import { withTenant, withTenantRead } from '../../platform/tenant-transaction.ts';
import { discoverProvider, OidcError } from './oidc-client.ts';
import * as repository from './sso-repository.ts';

type TSsoInput = z.output<typeof ZSsoConfigInput>;

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid body: ${field} ${message}`, { fields: [{ field, message }] });

const toSsoConfig = (row: repository.TSsoConfigRow): TSsoConfig => ({
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecretSealed !== '',
  domains: row.domains,
  isEnabled: row.isEnabled,
  requireSso: row.requireSso,
  jitProvisioning: row.jitProvisioning,
  metadataFetchedAt: row.metadataFetchedAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit trail shows: the configuration without its secret, and whether the secret changed. */
const auditViewOf = (config: TSsoConfig) => {
  const { metadataFetchedAt: _fetched, updatedAt: _updated, hasClientSecret: _secret, ...view } = config;
  return view;
};

export type TSsoConfigDependencies = {
  db: Db;
  sealer: TSealer;
  redirectUri: string;
  allowHttpIssuers: boolean;
  allowPrivateIssuers: boolean;
};

/** A company's single sign-on settings (docs/decisions/020-single-sign-on.md), company:write only. */
export const createSsoConfigService = ({
  db,
  sealer,
  redirectUri,
  allowHttpIssuers,
  allowPrivateIssuers,
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

  const getSettings = async (auth: TAuthContext): Promise<TSsoSettings> => {
    const row = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findSsoConfig(tx, auth.companyId),
    );
    return { config: row ? toSsoConfig(row) : null, redirectUri };
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
    const existing = await withTenantRead(db, companyId, (tx) => repository.findSsoConfig(tx, companyId));
    const secret = input.clientSecret ? sealer.seal(input.clientSecret) : existing?.clientSecretSealed;
    if (!secret) throw fieldError('clientSecret', ssoMessages.secretRequired);
    // System context: another company's domains are invisible to this company's transaction, and
    // naming the clash beats the bare key violation (still caught below for two saves at once).
    const claimed = await db
      .select({ domain: companySsoDomains.domain })
      .from(companySsoDomains)
      .where(
        and(inArray(companySsoDomains.domain, input.domains), ne(companySsoDomains.companyId, companyId)),
      );
    if (claimed[0]) throw fieldError('domains', `${claimed[0].domain} ${ssoMessages.domainClaimed}`);
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
        await repository.replaceSsoDomains(tx, companyId, input.domains);
        const after = toSsoConfig(saved);
        await recordAudit(tx, actor, {
          entityType: 'sso-config',
          entityId: companyId,
          action: existing ? 'update' : 'create',
          ...(existing ? { before: auditViewOf(toSsoConfig(existing)) } : {}),
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
      const deleted = await repository.deleteSsoConfig(tx, auth.companyId);
      if (!deleted) throw new AppError('NOT_FOUND', ssoMessages.notConfigured);
      await recordAudit(tx, actor, {
        entityType: 'sso-config',
        entityId: auth.companyId,
        action: 'delete',
        before: auditViewOf(toSsoConfig(deleted)),
      });
      return { config: null, redirectUri };
    });

  return { getSettings, testConnection, saveConfig, removeConfig };
};
