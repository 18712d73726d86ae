import { injectScript } from './script-loader.ts';

/** docs/product.md §1: the product-usage analytics agent starts after login with the key the server supplies. */
export const loadProductAnalytics = (pendoKey: string | undefined) => {
  if (!pendoKey) return;
  injectScript({
    id: 'pendo-agent',
    src: `https://cdn.pendo.io/agent/static/${encodeURIComponent(pendoKey)}/pendo.js`,
  });
};
