import { getRuntimeConfig } from '@/config/runtime-config.ts';
import { injectScript, isProductionHost } from './script-loader.ts';

/**
 * docs/product.md §1: the web analytics script (Plausible- or Umami-style: one deferred script that
 * names the site in an attribute), from the page's start, on the production host only. It knows no
 * user, so it stays through logout.
 */
export const loadWebAnalytics = () => {
  const settings = getRuntimeConfig().integrations.webAnalytics;
  if (!settings || !isProductionHost()) return;
  void injectScript({
    id: 'web-analytics',
    src: settings.scriptUrl,
    attributes: { [settings.siteAttribute]: settings.siteId },
    isDeferred: true,
    scope: 'page',
  }).catch(() => undefined);
};
