import { injectScript, isProductionHost, onIntegrationRemoval } from './script-loader.ts';

/** Who the agent is told about (docs/product.md §1): the visitor and their company as its account. */
export type TAnalyticsIdentity = {
  visitor: { id: string; email: string; full_name: string };
  account: { id: string; name: string; plan: string };
};

type TPendoQueued = [string, ...unknown[]];
type TPendo = {
  _q: TPendoQueued[];
  initialize: (options: TAnalyticsIdentity) => void;
  teardown?: () => void;
  [method: string]: unknown;
};
type TPendoWindow = Window & { pendo?: TPendo };

// The agent's documented queue: calls made before pendo.js has loaded wait in `_q`, `initialize`
// first, and the agent replays them when it starts.
const queuedMethods = ['initialize', 'identify', 'updateOptions', 'pageLoad', 'track'] as const;

const queueingAgent = (): TPendo => {
  const agent = { _q: [] as TPendoQueued[] } as TPendo;
  for (const method of queuedMethods) {
    agent[method] = (...args: unknown[]) => {
      if (method === 'initialize') agent._q.unshift([method, ...args]);
      else agent._q.push([method, ...args]);
    };
  }
  return agent;
};

/**
 * docs/product.md §1: the product-usage analytics agent starts after login with the key the server
 * supplies (GET {auth}/fetch-config-key), told who the visitor and their company are. Production host only.
 */
export const loadProductAnalytics = (pendoKey: string | undefined, identity: TAnalyticsIdentity) => {
  if (!pendoKey || !isProductionHost()) return;
  const pendoWindow = window as TPendoWindow;
  pendoWindow.pendo ??= queueingAgent();
  pendoWindow.pendo.initialize(identity);
  onIntegrationRemoval('pendo-agent', () => {
    pendoWindow.pendo?.teardown?.();
    delete pendoWindow.pendo;
    // The guides and the resource centre the agent adds to the page.
    for (const element of document.querySelectorAll(
      '[id^="_pendo"], .pendo-resource-center-badge-container',
    )) {
      element.remove();
    }
  });
  void injectScript({
    id: 'pendo-agent',
    src: `https://cdn.pendo.io/agent/static/${encodeURIComponent(pendoKey)}/pendo.js`,
  }).catch(() => undefined);
};
