import { getRuntimeConfig } from '../../config/runtime-config.ts';

// Third-party scripts (maps, analytics, support chat) are injected at run time and only on the
// production home host (docs/product.md §1, docs/architecture.md); logout removes them and reloads the page (docs/product.md §4).

const injectedAttribute = 'data-cargodesk-injected';

export const isProductionHost = (hostname: string = window.location.hostname) => {
  const { productionHost } = getRuntimeConfig();
  return productionHost !== '' && hostname.toLowerCase() === productionHost.toLowerCase();
};

export const injectScript = ({ id, src }: { id: string; src: string }) => {
  if (!isProductionHost() || document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  script.setAttribute(injectedAttribute, id);
  document.head.append(script);
};

/** Removes every injected script; true when there was one, so the caller reloads the page. */
export const removeInjectedScripts = (): boolean => {
  const scripts = document.querySelectorAll(`script[${injectedAttribute}]`);
  for (const script of scripts) script.remove();
  return scripts.length > 0;
};
