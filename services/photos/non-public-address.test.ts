import { describe, expect, it } from 'vitest';
import { nonPublicAddressKind } from './non-public-address';

describe('nonPublicAddressKind', () => {
  it('names every address that is not on the public internet, IPv4 and IPv6', () => {
    const kinds = Object.fromEntries(
      [
        '127.0.0.1',
        '127.255.0.9',
        '10.0.0.1',
        '172.16.0.1',
        '172.31.255.254',
        '192.168.1.20',
        '169.254.169.254',
        '169.254.170.2',
        '168.63.129.16',
        '100.100.100.200',
        '0.0.0.0',
        '224.0.0.251',
        '255.255.255.255',
        '192.0.0.192',
        '::',
        '::1',
        '::ffff:127.0.0.1',
        '::ffff:a9fe:a9fe',
        '::ffff:10.0.0.1',
        '64:ff9b::169.254.169.254',
        '2002:0a00:0001::1',
        'fd00:ec2::254',
        'fc00::1',
        'fe80::1',
        'fe80::1%eth0',
        'ff02::1',
        '2001:db8::1',
        '::127.0.0.1',
      ].map((address) => [address, nonPublicAddressKind(address)]),
    );
    expect(kinds).toEqual({
      '127.0.0.1': 'a loopback address',
      '127.255.0.9': 'a loopback address',
      '10.0.0.1': 'a private address',
      '172.16.0.1': 'a private address',
      '172.31.255.254': 'a private address',
      '192.168.1.20': 'a private address',
      '169.254.169.254': 'a link-local address (the cloud metadata service)',
      '169.254.170.2': 'a link-local address (the cloud metadata service)',
      '168.63.129.16': 'a cloud metadata address (Azure)',
      '100.100.100.200': 'a shared (carrier-grade NAT) address',
      '0.0.0.0': 'an unspecified address ("this network")',
      '224.0.0.251': 'a multicast address',
      '255.255.255.255': 'a reserved address',
      '192.0.0.192': 'a special-purpose address',
      '::': 'an unspecified address',
      '::1': 'a loopback address',
      '::ffff:127.0.0.1': 'a loopback address',
      '::ffff:a9fe:a9fe': 'a link-local address (the cloud metadata service)',
      '::ffff:10.0.0.1': 'a private address',
      '64:ff9b::169.254.169.254': 'a link-local address (the cloud metadata service)',
      '2002:0a00:0001::1': 'a private address',
      'fd00:ec2::254': 'a unique-local (private) address',
      'fc00::1': 'a unique-local (private) address',
      'fe80::1': 'a link-local address',
      'fe80::1%eth0': 'a link-local address',
      'ff02::1': 'a multicast address',
      '2001:db8::1': 'a documentation address',
      '::127.0.0.1': 'an IPv4-compatible address',
    });
  });

  it('lets public addresses through, also when written as IPv6', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::8.8.8.8',
      '2a00:1450:4001:80b::2004',
    ]) {
      expect({ address, kind: nonPublicAddressKind(address) }).toEqual({ address, kind: undefined });
    }
    expect(nonPublicAddressKind('photos.dealer.test')).toBe('not an IP address');
  });
});
