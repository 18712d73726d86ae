import { getRuntimeConfig } from '@/config/runtime-config.ts';

// Third-party scripts (maps, analytics, support chat, error reporting) are injected at run time and
// only on the production home host (docs/product.md §1, docs/decisions/021-integrations-and-csp.md);
// logout removes them and reloads the page (docs/product.md §4).
//
// Two lifetimes. Session integrations (maps, product analytics, support chat) start after login and
// know who is signed in: logout removes them and reloads the page. Page integrations (error
// reporting, web analytics) run from the page's start, signed in or not: logout only takes the
// user out of them, and they never cause the reload, or a signed-out start, which logs out, would
// reload for ever (docs/decisions/021-integrations-and-csp.md).

const injectedAttribute = 'data-cargodesk-injected';
const pageScopeAttribute = 'data-cargodesk-page-scope';

export type TIntegrationScope = 'session' | 'page';

export const isProductionHost = (hostname: string = window.location.hostname) => {
  const { productionHost } = getRuntimeConfig();
  return productionHost !== '' && hostname.toLowerCase() === productionHost.toLowerCase();
};

/**
 * The page's CSP nonce, from the meta tag the server fills in on the production host (the same one
 * Vite's preload helper reads). The browser hides the attribute once parsed; the property keeps it.
 */
export const cspNonce = () => {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
};

/** What logout undoes beyond the scripts themselves: widgets' DOM, globals, the user's context. */
const cleanups = new Map<string, { cleanup: () => void; scope: TIntegrationScope }>();
let hasSessionIntegration = false;

/**
 * Registers how to undo an integration (or its knowledge of the user) on logout; a session
 * integration counts as injected from then on, so logout reloads the page.
 */
export const onIntegrationRemoval = (
  id: string,
  cleanup: () => void,
  { scope = 'session' }: { scope?: TIntegrationScope } = {},
) => {
  cleanups.set(id, { cleanup, scope });
  if (scope === 'session') hasSessionIntegration = true;
};

/** Adds the script once, on the production host only; resolves when it has loaded. */
export const injectScript = ({
  id,
  src,
  attributes = {},
  isDeferred = false,
  scope = 'session',
}: {
  id: string;
  src: string;
  attributes?: Record<string, string>;
  isDeferred?: boolean;
  scope?: TIntegrationScope;
}): Promise<void> => {
  if (!isProductionHost()) return Promise.resolve();
  const existing = document.getElementById(id);
  if (existing) return Promise.resolve();
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  if (isDeferred) script.defer = true;
  else script.async = true;
  const nonce = cspNonce();
  if (nonce) script.nonce = nonce;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  script.setAttribute(injectedAttribute, id);
  if (scope === 'page') script.setAttribute(pageScopeAttribute, '');
  else hasSessionIntegration = true;
  const loaded = new Promise<void>((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(new Error(`${id} did not load`)), { once: true });
  });
  document.head.append(script);
  return loaded;
};

/**
 * Removes every session integration's script, widget and global it can, and takes the user out of
 * the page integrations; true when a session integration had been injected, so the caller reloads
 * the page (which also drops what a vendor script kept in its closures).
 */
export const removeInjectedScripts = (): boolean => {
  const scripts = document.querySelectorAll(`script[${injectedAttribute}]:not([${pageScopeAttribute}])`);
  for (const script of scripts) script.remove();
  for (const [id, { cleanup, scope }] of cleanups) {
    try {
      cleanup();
    } catch {
      // One vendor's failing teardown must not keep the others, or the reload, from happening.
    }
    // A page integration stays, and forgets the next user at the next logout too.
    if (scope === 'session') cleanups.delete(id);
  }
  const wasInjected = hasSessionIntegration || scripts.length > 0;
  hasSessionIntegration = false;
  return wasInjected;
};
