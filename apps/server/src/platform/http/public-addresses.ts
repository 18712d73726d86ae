import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Outgoing requests to addresses someone outside the operators typed in (a company's identity
// provider) must not reach our own network: loopback, private, link-local (cloud metadata),
// carrier-grade NAT, multicast, reserved and the IPv6 ranges that embed an IPv4 address. The check
// runs on the address a socket is about to connect to, so a name that resolves differently the
// second time (DNS rebinding) is checked on the answer actually used.

export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
  readonly code = 'ENONPUBLIC';
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
  }
}

// ::/96 holds the deprecated IPv4-compatible addresses (::10.0.0.1), which ipaddr.js calls unicast.
const ipv4Compatible = ipaddr.parseCIDR('::/96');

/** Whether an IP address is an ordinary public unicast one; anything unparsable is not. */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(ipv4Compatible)) return false;
  return parsed.range() === 'unicast';
};

/**
 * A socket's `lookup` that resolves as usual and refuses unless every address the name has is
 * public: one private answer among public ones is how a rebinding name is usually set up.
 * Sockets skip `lookup` for an IP literal, so callers check literals with `assertPublicHost`.
 */
export const lookupPublicAddress: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused || addresses.length === 0) return callback(new NonPublicAddressError(hostname), '', 0);
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

/** Refuses a URL host that is an IP literal and not public; host names are left to the lookup. */
export const assertPublicHost = (hostname: string) => {
  // URL keeps an IPv6 host in brackets; its parser has already turned 0x7f.1 and the like into 127.0.0.1.
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new NonPublicAddressError(hostname);
};
