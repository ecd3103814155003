import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Every address a host name resolves to (dns.lookup with all: true, or a test's stand-in). */
export type ResolveHost = (host: string) => Promise<LookupAddress[]>;

export const systemResolveHost: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

const RESOLVE_TIMEOUT_MS = 5_000;

/** IPv4 ranges a push service never lives in: [network, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const PRIVATE_V6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: a tunnel to an IPv4 address it hides
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const v4Hex = (address: string) => {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  const word = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  return `${word(a, b)}:${word(c, d)}`;
};

/**
 * Node's BlockList already matches an IPv4-mapped address (::ffff:10.0.0.1) against the IPv4
 * rules; the other IPv6 forms that carry an IPv4 address are listed here: NAT64's well-known
 * prefix (what DNS64 answers on an IPv6-only network, so it cannot be refused whole), 6to4, and
 * the deprecated IPv4-compatible form.
 */
const blocked = new BlockList();
for (const [network, prefix] of PRIVATE_V4) {
  blocked.addSubnet(network, prefix, 'ipv4');
  blocked.addSubnet(`64:ff9b::${v4Hex(network)}`, 96 + prefix, 'ipv6');
  blocked.addSubnet(`2002:${v4Hex(network)}::`, 16 + prefix, 'ipv6');
  blocked.addSubnet(`::${v4Hex(network)}`, 96 + prefix, 'ipv6');
}
for (const [network, prefix] of PRIVATE_V6) blocked.addSubnet(network, prefix, 'ipv6');

/** False for loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and their IPv6 forms. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as dns.lookup takes it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The addresses of `host`, all of them public; throws EndpointRefused when any is not (a name
 * with one private address among public ones would be reached on it some of the time), when
 * it resolves to nothing or does not answer in time.
 */
export async function publicAddressesOf(host: string, resolve: ResolveHost): Promise<LookupAddress[]> {
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new EndpointRefused(`${host} did not resolve in time`)),
        RESOLVE_TIMEOUT_MS,
      );
    });
    try {
      addresses = await Promise.race([resolve(host), late]);
    } catch (err) {
      if (err instanceof EndpointRefused) throw err;
      throw new EndpointRefused(`${host} does not resolve`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new EndpointRefused(`${host} does not resolve`);
  if (addresses.some((a) => !isPublicAddress(a.address))) {
    throw new EndpointRefused(`${host} resolves to an address of a private network`);
  }
  return addresses;
}

/** Why a push endpoint's host may not be reached. */
export class EndpointRefused extends Error {}

/**
 * A lookup for http.request that connects only to the public addresses it checked: the check
 * and the connection see the same answer, so a name that turns private after the subscription
 * was saved (DNS rebinding) is refused at the send.
 */
export function publicOnlyLookup(resolve: ResolveHost): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    publicAddressesOf(hostname, resolve).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = wanted ? found.filter((a) => a.family === wanted) : found;
        const [first] = addresses;
        if (!first) return callback(new EndpointRefused(`${hostname} has no IPv${wanted} address`), '', 0);
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (err: Error) => callback(err, '', 0),
    );
  };
}
