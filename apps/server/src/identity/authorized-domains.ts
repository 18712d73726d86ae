import type { Config } from '../config.ts';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host names a mailed link may continue to (v1/projects `authorizedDomains`): the public URL's
 * and the production host's. Firebase also lists localhost for every project; we list it only when
 * the installation itself runs there, so a production link can never be sent on to a developer's
 * machine (docs/decisions/023).
 */
export const authorizedDomainsFor = (config: Pick<Config, 'publicUrl' | 'productionHost'>): string[] => {
  const domains = new Set<string>();
  const publicHost = new URL(config.publicUrl).hostname;
  domains.add(publicHost);
  if (config.productionHost) domains.add(new URL(`http://${config.productionHost}`).hostname);
  if (loopbackHosts.has(publicHost)) domains.add('localhost');
  return [...domains];
};

/** Whether a continue URL is an http(s) URL on one of the authorized domains. */
export const isAuthorizedContinueUrl = (url: URL, domains: readonly string[]) =>
  (url.protocol === 'https:' || url.protocol === 'http:') && domains.includes(url.hostname);
