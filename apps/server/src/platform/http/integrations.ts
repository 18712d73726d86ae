import type { TRuntimeIntegrations } from '@cargodesk/shared';
import type { Config } from '../../config.ts';

// The third-party services of docs/product.md §1, as the production host's page sees them: what the
// SPA needs to start each one (the runtime config), and the origins each needs in the page's CSP.
// Both come from the same configuration, so a service that is not configured is neither started
// nor allowed (docs/decisions/021-integrations-and-csp.md).

/** The CSP directives a vendor may widen. Scripts, styles and fonts only where the vendor needs them. */
export type TVendorDirective =
  | 'script-src'
  | 'connect-src'
  | 'img-src'
  | 'frame-src'
  | 'style-src'
  | 'font-src'
  | 'worker-src'
  | 'media-src';

export type TVendorSources = Partial<Record<TVendorDirective, string[]>>;

type TIntegrationSources = Pick<Config, 'integrationKeys' | 'integrations'>;
type TIntegrationsConfigSource = Pick<Config, 'integrations'>;

const originOf = (url: string) => new URL(url).origin;

/**
 * The maps script with the places library: the script and its second script host, the tiles and the
 * "powered by Google" logo, and the Roboto stylesheet and fonts the suggestions list uses.
 */
const mapsSources: TVendorSources = {
  'script-src': ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  'connect-src': ['https://maps.googleapis.com'],
  'img-src': ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  'style-src': ['https://fonts.googleapis.com'],
  'font-src': ['https://fonts.gstatic.com'],
};

/** The product analytics agent: its CDN, its API (events, guides) and the guides' frames and images. */
const pendoSources: TVendorSources = {
  'script-src': ['https://cdn.pendo.io', 'https://app.pendo.io'],
  'connect-src': ['https://app.pendo.io', 'https://data.pendo.io'],
  'img-src': ['https://cdn.pendo.io', 'https://app.pendo.io', 'https://data.pendo.io'],
  'style-src': ['https://cdn.pendo.io', 'https://app.pendo.io'],
  'frame-src': ['https://app.pendo.io'],
};

/** The support chat: its loader and settings, the relay it talks over, its styles, fonts, images and sounds. */
const crispSources: TVendorSources = {
  'script-src': ['https://client.crisp.chat', 'https://settings.crisp.chat'],
  'connect-src': [
    'https://client.crisp.chat',
    'https://storage.crisp.chat',
    'wss://client.relay.crisp.chat',
    'wss://stream.relay.crisp.chat',
  ],
  'img-src': ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
  'style-src': ['https://client.crisp.chat'],
  'font-src': ['https://client.crisp.chat'],
  'frame-src': ['https://game.crisp.chat'],
  'media-src': ['https://client.crisp.chat'],
};

/** The page-side settings of each configured service, for the production host's runtime config. */
export const runtimeIntegrationsFor = ({ integrations }: TIntegrationsConfigSource): TRuntimeIntegrations => {
  const { errorReporting, webAnalytics, chat } = integrations;
  return {
    ...(errorReporting.browserDsn && {
      errorReporting: { dsn: errorReporting.browserDsn, environment: errorReporting.environment },
    }),
    ...(webAnalytics && { webAnalytics }),
    ...(chat && { chat: { provider: 'crisp' as const, websiteId: chat.crispWebsiteId } }),
  };
};

/** Every origin the configured services need, per directive, each listed once. */
export const vendorSourcesFor = ({ integrationKeys, integrations }: TIntegrationSources): TVendorSources => {
  const parts: TVendorSources[] = [];
  if (integrationKeys.googleMaps) parts.push(mapsSources);
  if (integrationKeys.pendo) parts.push(pendoSources);
  if (integrations.errorReporting.browserDsn) {
    // Events and replays go to the DSN's host; the replay compresses in a worker made from a blob.
    parts.push({
      'connect-src': [originOf(integrations.errorReporting.browserDsn)],
      'worker-src': ['blob:'],
    });
  }
  if (integrations.webAnalytics) {
    // Plausible and Umami both post their events to the origin the script came from.
    const origin = originOf(integrations.webAnalytics.scriptUrl);
    parts.push({ 'script-src': [origin], 'connect-src': [origin] });
  }
  if (integrations.chat) parts.push(crispSources);

  const merged: TVendorSources = {};
  for (const part of parts) {
    for (const [directive, sources] of Object.entries(part) as [TVendorDirective, string[]][]) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...sources])];
    }
  }
  return merged;
};
