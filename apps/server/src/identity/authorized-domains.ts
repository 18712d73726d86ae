import type { Config } from '../config.ts';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a `host[:port]` setting; undefined when it is empty or not a host at all. */
const hostNameOf = (host: string) => {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    // Only a bare host (with a port at most): anything else parsed into some other URL.
    return url.hostname === host.toLowerCase().replace(/:\d+$/, '') ? url.hostname : undefined;
  } catch {
    return undefined;
  }
};

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
  const productionHost = hostNameOf(config.productionHost);
  if (productionHost) domains.add(productionHost);
  if (loopbackHosts.has(publicHost)) domains.add('localhost');
  return [...domains];
};

/** Whether a continue URL is an http(s) URL on one of the authorized domains. */
export const isAuthorizedContinueUrl = (url: URL, domains: readonly string[]) =>
  (url.protocol === 'https:' || url.protocol === 'http:') && domains.includes(url.hostname);
