import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountKey, addressKey, keysClearedBySuccess, signInThrottleKeys, throttleVerdict } from './sign-in-throttle.service';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 15, 0) + minutes * MINUTE);

describe('the sign-in throttle’s keys', () => {
  it('counts an IPv4 address as it is and an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('address:2001:db8:85a3:1::/64');
    // The same /64 written differently, and another host in it, count as one.
    expect(addressKey('2001:0DB8:85a3:0001::1')).toBe('address:2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8:85a3:1::ffff:1.2.3.4')).toBe('address:2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8::1')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('address:fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
    // An IPv4 client on a dual-stack socket is an IPv4 address.
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('address:203.0.113.7');
  });

  it('counts an account by the hash of what was typed, however it was typed, never the e-mail itself', () => {
    const expected = `account:${createHash('sha256').update('dana@example.org').digest('hex')}`;
    expect(accountKey(' Dana@Example.org')).toBe(expected);
    expect(accountKey('nobody@example.org')).not.toContain('nobody');
  });

  it('checks a known browser on its own key instead of the account’s, and a passkey on the address only', () => {
    const hash = 'ab'.repeat(32);
    expect(signInThrottleKeys({ address: '203.0.113.7', email: 'dana@example.org' })).toEqual(['address:203.0.113.7', accountKey('dana@example.org')]);
    expect(signInThrottleKeys({ address: '203.0.113.7', email: 'dana@example.org', knownBrowserTokenHash: hash })).toEqual(['address:203.0.113.7', `browser:${hash}`]);
    expect(signInThrottleKeys({ address: '203.0.113.7' })).toEqual(['address:203.0.113.7']);
    // A success clears the account's and the browser's keys, never the address's.
    expect(keysClearedBySuccess({ address: '203.0.113.7', email: 'dana@example.org', knownBrowserTokenHash: hash })).toEqual([
      accountKey('dana@example.org'),
      `browser:${hash}`,
    ]);
  });
});

describe('the sign-in throttle’s rule', () => {
  const failures = (count: number, everyMinutes = 0.5) => Array.from({ length: count }, (_, n) => at(n * everyMinutes));

  it('lets nine failures go on and refuses after the tenth within ten minutes', () => {
    expect(throttleVerdict(failures(9), at(5))).toEqual({ ok: true });
    // Ten failures, the first at 15:00: refused until 15:10.
    expect(throttleVerdict(failures(10), at(5))).toEqual({ ok: false, retryAfterSeconds: 300 });
    expect(throttleVerdict(failures(10), at(9.99))).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(throttleVerdict(failures(10), at(10))).toEqual({ ok: true });
  });

  it('rolls the window: only the last ten failures count, by the oldest of them', () => {
    // Failures every 2 minutes: the 10th at 15:18, its oldest counted at 15:00.
    expect(throttleVerdict(failures(10, 2), at(18))).toEqual({ ok: true });
    // Twenty failures in twenty minutes: the last ten began at 15:10.
    expect(throttleVerdict(failures(20, 1), at(19.5))).toEqual({ ok: false, retryAfterSeconds: 30 });
  });
});
