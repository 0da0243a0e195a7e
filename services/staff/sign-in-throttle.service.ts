import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { signInThrottleRepository } from '../../models/sign-in-throttle.repository';
import { THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MS } from '../../src/staff/staff-timing';

/** What a throttle check answers: go on, or refuse for this many seconds (the 429's Retry-After). */
export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Where an attempt came from and whom it named, as the throttle counts it. */
export interface SignInAttempt {
  /** The client's address (`req.ip`). */
  address: string;
  /** The e-mail as typed; absent on the passkey path and for invitation links. */
  email?: string;
  /**
   * The hash of the known-browser cookie's token, only when the account named by `email` lists
   * it: the browser is then counted on its own key instead of the account's.
   */
  knownBrowserTokenHash?: string;
}

/**
 * The key of a client address: an IPv4 address as it is, an IPv6 address by its first 64 bits
 * (one household or server holds a whole /64, so counting single addresses would not count it).
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv6(bare)) {
    const groups = ipv6Groups(bare);
    const mappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
    if (mappedIPv4) return `address:${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
    return `address:${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`;
  }
  return `address:${isIPv4(bare) ? bare : address}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part as two groups). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The key of an account: what was typed, lower-cased and hashed, so an unknown e-mail counts exactly like a known one. */
export function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex')}`;
}

/** The key of a known browser, by its cookie token's hash. */
export function browserKey(knownBrowserTokenHash: string): string {
  return `browser:${knownBrowserTokenHash}`;
}

/**
 * The keys an attempt is checked and counted on: its address, and the browser's key when the
 * account knows the browser, else the account's. So an owner's own browser is never refused for
 * failures someone else made on the account elsewhere.
 */
export function signInThrottleKeys(attempt: SignInAttempt): string[] {
  const keys = [addressKey(attempt.address)];
  if (attempt.knownBrowserTokenHash) keys.push(browserKey(attempt.knownBrowserTokenHash));
  else if (attempt.email !== undefined) keys.push(accountKey(attempt.email));
  return keys;
}

/** The keys a successful sign-in clears: the account's and this browser's, never the address's. */
export function keysClearedBySuccess(attempt: SignInAttempt): string[] {
  return [...(attempt.email !== undefined ? [accountKey(attempt.email)] : []), ...(attempt.knownBrowserTokenHash ? [browserKey(attempt.knownBrowserTokenHash)] : [])];
}

/**
 * The rule for one key's failures (oldest first) at `now`: `limit` failures within the window refuse
 * until the oldest of those is a window old.
 */
export function throttleVerdict(failures: readonly Date[], now: Date, limit = THROTTLE_MAX_FAILURES): ThrottleVerdict {
  if (failures.length < limit) return { ok: true };
  const oldestCounted = failures[failures.length - limit]!.getTime();
  const refusedFor = oldestCounted + THROTTLE_WINDOW_MS - now.getTime();
  return refusedFor > 0 ? { ok: false, retryAfterSeconds: Math.ceil(refusedFor / 1000) } : { ok: true };
}

/**
 * The sign-in throttle (docs/decisions/011-staff-sign-in.md, Throttling): 10 failures within 10
 * minutes on a key refuse further attempts on it until the oldest of those 10 is 10 minutes old.
 * Counted in the database, on the site's clock, so every instance sees the same counts. `limit` is
 * for other counters of the same shape (passkey sign-in options per address); sign-in uses the
 * default.
 */
export const signInThrottle = {
  /** Whether attempts on these keys may go on at `now`; refused, the longest wait of the keys. */
  async check(keys: readonly string[], now: Date, limit = THROTTLE_MAX_FAILURES): Promise<ThrottleVerdict> {
    let retryAfterSeconds = 0;
    for (const { failures } of await signInThrottleRepository.find(keys, now)) {
      const verdict = throttleVerdict(failures, now, limit);
      if (!verdict.ok) retryAfterSeconds = Math.max(retryAfterSeconds, verdict.retryAfterSeconds);
    }
    return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
  },

  /** Counts one failure at `now` on each key: one atomic upsert per key. */
  async recordFailure(keys: readonly string[], now: Date, limit = THROTTLE_MAX_FAILURES): Promise<void> {
    const expiresAt = new Date(now.getTime() + THROTTLE_WINDOW_MS);
    await Promise.all(keys.map((key) => signInThrottleRepository.recordFailure(key, { now, expiresAt, keep: limit })));
  },

  /** Forgets the failures of these keys (after a success: keysClearedBySuccess). */
  async clear(keys: readonly string[]): Promise<void> {
    await signInThrottleRepository.clear(keys);
  },
};
