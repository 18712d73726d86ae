import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  assertPublicHost,
  isPublicAddress,
  lookupPublicAddress,
  NonPublicAddressError,
} from './public-addresses.ts';

// Which addresses an outgoing request to an admin-given URL may reach (docs/decisions/025).

describe('isPublicAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd12:3456::1', 'IPv6 unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
    ['::a00:1', 'IPv4-compatible private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['not an address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicHost', () => {
  it.each([
    'https://127.0.0.1/',
    'https://0x7f.1/',
    'https://2130706433/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/',
  ])('refuses the IP literal of %s, however it is written', (url) => {
    expect(() => assertPublicHost(new URL(url).hostname)).toThrow(NonPublicAddressError);
  });

  it('leaves host names to the lookup', () => {
    expect(() => assertPublicHost('localhost')).not.toThrow();
    expect(() => assertPublicHost('8.8.8.8')).not.toThrow();
  });
});

describe('lookupPublicAddress', () => {
  const lookUp = (hostname: string, all: boolean) =>
    new Promise<string | LookupAddress[]>((resolve, reject) => {
      lookupPublicAddress(hostname, { all }, (error, address) => (error ? reject(error) : resolve(address)));
    });

  it('refuses a name that resolves to a private address, one address or all of them', async () => {
    await expect(lookUp('localhost', false)).rejects.toBeInstanceOf(NonPublicAddressError);
    await expect(lookUp('localhost', true)).rejects.toBeInstanceOf(NonPublicAddressError);
  });

  it('answers a public IP as the resolver does', async () => {
    expect(await lookUp('8.8.8.8', false)).toBe('8.8.8.8');
    expect(await lookUp('8.8.8.8', true)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });
});
