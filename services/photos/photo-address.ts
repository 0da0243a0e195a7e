import { lookup as dnsLookup } from 'node:dns/promises';
import { nonPublicAddressKind } from './non-public-address';

/** A resolved address of a host name, as node's dns.lookup gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has (node's dns.lookup with `all`, by default). */
export type PhotoHostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** Where the import may download photos from. */
export interface PhotoNetworkOptions {
  /** Plain http: addresses too (FEED_PHOTOS_ALLOW_HTTP); otherwise https: only. */
  allowHttp?: boolean;
  /** How host names are resolved; default: the system's resolver (dns.lookup). */
  lookup?: PhotoHostLookup;
  /**
   * Addresses allowed besides public ones. Only a test sets it, for its own server on loopback;
   * every other address is judged as always.
   */
  alsoAllow?: (address: string) => boolean;
}

export const defaultPhotoHostLookup: PhotoHostLookup = (hostname) => dnsLookup(hostname, { all: true, order: 'verbatim' });

const PUBLIC_ONLY = 'photos are downloaded from public addresses only';

/** Why the import will not connect to this address, or undefined when it may. */
function addressRefusal(address: string, network: PhotoNetworkOptions): string | undefined {
  if (network.alsoAllow?.(address)) return undefined;
  return nonPublicAddressKind(address);
}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be said of a photo address before any lookup: its scheme (https:, or http: when
 * allowed) and, when its host is an IP address, whether that address is public. Undefined when
 * nothing is wrong so far; the host name, if any, is checked by `resolvePhotoHost`.
 */
export function photoAddressRefusal(url: URL, network: PhotoNetworkOptions): string | undefined {
  if (url.protocol === 'http:' && !network.allowHttp) return 'is plain http; photos are downloaded over https only (FEED_PHOTOS_ALLOW_HTTP=true allows http)';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http(s) address';
  const host = hostOf(url);
  const kind = nonPublicAddressKind(host) === 'not an IP address' ? undefined : addressRefusal(host, network);
  return kind === undefined ? undefined : `is on ${host}, ${kind}; ${PUBLIC_ONLY}`;
}

/**
 * The addresses to connect to for a photo URL, every one of them checked: a host name is resolved
 * once, here, and refused when any address it gives is not public (so a name cannot offer a
 * public address and a private one and have the private one used). The caller connects to these
 * addresses and resolves nothing again.
 */
export async function resolvePhotoHost(url: URL, network: PhotoNetworkOptions): Promise<{ addresses: ResolvedAddress[] } | { refused: string }> {
  const host = hostOf(url);
  const literal = nonPublicAddressKind(host) !== 'not an IP address';
  const addresses = literal ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await (network.lookup ?? defaultPhotoHostLookup)(host);
  if (addresses.length === 0) return { refused: `is on ${host}, which has no address` };
  for (const { address } of addresses) {
    const kind = addressRefusal(address, network);
    if (kind !== undefined)
      return { refused: literal ? `is on ${host}, ${kind}; ${PUBLIC_ONLY}` : `is on ${host}, which resolves to ${address}, ${kind}; ${PUBLIC_ONLY}` };
  }
  return { addresses };
}
