import { getRuntimeConfig } from '@/config/runtime-config.ts';
import { isProductionHost, onIntegrationRemoval } from './script-loader.ts';

import type { TErrorReportingUser } from './sentry-client.ts';

type TSentryClient = typeof import('./sentry-client.ts');

let client: Promise<TSentryClient> | undefined;

/**
 * docs/product.md §1: error reporting with session replay, from the page's start, on the production
 * host only and when a DSN is configured. The SDK is imported here and nowhere else, so that it
 * stays in a chunk of its own that no other host ever downloads.
 */
export const startErrorReporting = () => {
  const settings = getRuntimeConfig().integrations.errorReporting;
  if (!settings || !isProductionHost() || client) return;
  client = import('./sentry-client.ts').then((module) => {
    module.startSentry(settings);
    return module;
  });
  // A failed chunk load must not surface as an unhandled rejection of its own.
  client.catch(() => undefined);
  onIntegrationRemoval('error-reporting', () => void identifyErrorReportingUser(null), { scope: 'page' });
};

/** Who the reports are about after login (user id and email, company id and name); null clears it. */
export const identifyErrorReportingUser = async (identity: TErrorReportingUser | null) => {
  const module = await client?.catch(() => undefined);
  module?.identifySentryUser(identity);
};
