import { isIP } from 'node:net';

/** An address range: its first address as a number, its prefix length, and what an address in it is. */
interface Range {
  family: 4 | 6;
  base: bigint;
  prefix: number;
  /** What the address is, for the operator: "a private address". */
  kind?: string;
  /** For IPv6 ranges that carry an IPv4 address (mapped, NAT64, 6to4): where it sits, as a right shift. */
  embedsIPv4At?: number;
}

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Number(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // A trailing dotted IPv4 part (::ffff:10.0.0.1) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >> 16n).toString(16)}:${(value & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function range(cidr: string, kind?: string, embedsIPv4At?: number): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const family = isIP(address) as 4 | 6;
  return { family, base: family === 4 ? ipv4Number(address) : ipv6Number(address), prefix: Number(prefix), kind, embedsIPv4At };
}

const PRIVATE = 'a private address';
const SPECIAL = 'a special-purpose address';
const METADATA = 'a link-local address (the cloud metadata service)';

/** IANA's special-purpose ranges (RFC 6890 and after) and the clouds' metadata addresses: none is a web server of the dealer's. */
const IPV4_RANGES = [
  range('0.0.0.0/8', 'an unspecified address ("this network")'),
  range('10.0.0.0/8', PRIVATE),
  range('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('168.63.129.16/32', 'a cloud metadata address (Azure)'),
  range('169.254.0.0/16', METADATA),
  range('172.16.0.0/12', PRIVATE),
  range('192.0.0.0/24', SPECIAL),
  range('192.0.2.0/24', 'a documentation address'),
  range('192.88.99.0/24', SPECIAL),
  range('192.168.0.0/16', PRIVATE),
  range('198.18.0.0/15', SPECIAL),
  range('198.51.100.0/24', 'a documentation address'),
  range('203.0.113.0/24', 'a documentation address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('240.0.0.0/4', 'a reserved address'),
];

const IPV6_RANGES = [
  range('::/128', 'an unspecified address'),
  range('::1/128', 'a loopback address'),
  // An IPv4 address written as IPv6 (mapped, or through a NAT64 or 6to4 gateway) is judged as that IPv4 address.
  range('::ffff:0:0/96', undefined, 0),
  range('64:ff9b::/96', undefined, 0),
  range('2002::/16', undefined, 80),
  range('::/96', 'an IPv4-compatible address'),
  range('64:ff9b:1::/48', PRIVATE),
  range('100::/64', SPECIAL),
  range('2001::/32', SPECIAL),
  range('2001:db8::/32', 'a documentation address'),
  range('fc00::/7', 'a unique-local (private) address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', PRIVATE),
  range('ff00::/8', 'a multicast address'),
];
/** Only global unicast addresses (2000::/3) are on the public IPv6 internet. */
const IPV6_GLOBAL = range('2000::/3');

function contains(rangeOf: Range, value: bigint): boolean {
  const bits = rangeOf.family === 4 ? 32 : 128;
  const shift = BigInt(bits - rangeOf.prefix);
  return value >> shift === rangeOf.base >> shift;
}

function ipv4Kind(value: bigint): string | undefined {
  return IPV4_RANGES.find((candidate) => contains(candidate, value))?.kind;
}

/**
 * What an IP address is when it is not a public internet address: loopback, private, link-local
 * (the cloud metadata service), unique-local, multicast, unspecified, reserved… IPv4 and IPv6,
 * an IPv4 address written as IPv6 (::ffff:127.0.0.1, a NAT64 or 6to4 form) judged as the IPv4
 * address it carries. Undefined for a public address; "not an IP address" for anything else.
 */
export function nonPublicAddressKind(address: string): string | undefined {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return ipv4Kind(ipv4Number(address));
  if (family !== 6) return 'not an IP address';
  const value = ipv6Number(address);
  const match = IPV6_RANGES.find((candidate) => contains(candidate, value));
  if (match?.embedsIPv4At !== undefined) return ipv4Kind((value >> BigInt(match.embedsIPv4At)) & 0xffffffffn);
  if (match) return match.kind;
  return contains(IPV6_GLOBAL, value) ? undefined : 'a reserved address';
}
