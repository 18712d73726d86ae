import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfigElementId } from '@/config/runtime-config.ts';

// The loader's rules on a page like the server's: the host decides, the nonce comes from the meta
// tag, and logout removes session integrations (and reloads) but only takes the user out of page ones.

const configBlock = () => document.getElementById(runtimeConfigElementId) as HTMLScriptElement;
let originalConfig = '';

/** The loader as a page whose runtime config names `productionHost` would load it. */
const loaderFor = async (productionHost: string) => {
  const config = JSON.parse(originalConfig) as Record<string, unknown>;
  configBlock().textContent = JSON.stringify({ ...config, productionHost });
  vi.resetModules();
  return import('./script-loader.ts');
};

// happy-dom does not run scripts here: each reports an error, which the loaders ignore as the app's do.
const src = 'data:text/javascript,';
const inject = (
  loader: typeof import('./script-loader.ts'),
  options: Parameters<typeof import('./script-loader.ts')['injectScript']>[0],
) => void loader.injectScript(options).catch(() => undefined);

beforeEach(() => {
  originalConfig = configBlock().textContent ?? '';
});
afterEach(() => {
  configBlock().textContent = originalConfig;
  for (const element of document.querySelectorAll(
    'script[data-cargodesk-injected], meta[property="csp-nonce"]',
  )) {
    element.remove();
  }
  vi.resetModules();
});

describe('script loader', () => {
  it('injects nothing on any host but the production host, and logout then has nothing to reload for', async () => {
    const loader = await loaderFor('app.cargodesk.example');
    inject(loader, { id: 'vendor', src });

    expect(document.getElementById('vendor')).toBeNull();
    expect(loader.removeInjectedScripts()).toBe(false);
  });

  it("on the production host gives each script the page's nonce; logout removes session scripts and asks for the reload", async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'abc123');
    document.head.append(meta);
    const loader = await loaderFor(window.location.hostname);
    const cleanups: string[] = [];

    inject(loader, { id: 'analytics', src, scope: 'page', attributes: { 'data-domain': 'site' } });
    loader.onIntegrationRemoval('reports', () => cleanups.push('reports'), { scope: 'page' });
    expect(loader.removeInjectedScripts()).toBe(false);
    expect(cleanups).toEqual(['reports']);

    inject(loader, { id: 'chat', src });
    loader.onIntegrationRemoval('chat', () => cleanups.push('chat'));
    const chat = document.getElementById('chat') as HTMLScriptElement;
    expect(chat.nonce || chat.getAttribute('nonce')).toBe('abc123');
    expect(document.getElementById('analytics')?.getAttribute('data-domain')).toBe('site');

    expect(loader.removeInjectedScripts()).toBe(true);
    expect(document.getElementById('chat')).toBeNull();
    // The page's own integration stays and forgets the user again at every logout.
    expect(document.getElementById('analytics')).not.toBeNull();
    expect(cleanups).toEqual(['reports', 'reports', 'chat']);
    expect(loader.removeInjectedScripts()).toBe(false);
  });
});
