import { createHmac, randomBytes } from 'node:crypto';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { contactLimitRepository } from '../models/contact-limit.repository';
import { siteKeyRepository } from '../models/site-key.repository';
import type { Clock } from '../src/time/clock';

export interface ContactLimitStoreOptions {
  /** The site's clock: which window a submission falls in. */
  clock: Clock;
}

/** The site key the addresses are hashed with (site_keys). */
const KEY_PURPOSE = 'contact-limit';

/**
 * The contact form's limit (CONTACT_RATE_LIMIT per CONTACT_RATE_WINDOW_SECONDS) counted in the
 * database, as express-rate-limit's store, so every instance draws on the same allowance. Windows
 * are fixed and aligned on the clock (a new one every windowMs), so a window is one document whose
 * id every instance computes alike, and counting is one atomic upsert: five instances taking the
 * sixth inquiry at once still refuse it. The address is stored only as an HMAC-SHA256 under a
 * random key the site keeps in its database (site_keys): a plain hash of an IPv4 address is undone
 * by trying all 2^32, the keyed one is not without the key, and a window's document is gone once it
 * has ended. MongoDB deletes ended windows by their TTL index; the embedded store never does, so
 * this deletes them itself, once a window per instance.
 */
export function createContactLimitStore({ clock }: ContactLimitStoreOptions): Store {
  let windowMs = 60_000;
  let key: Promise<string> | undefined;
  let nextSweepAt = 0;

  async function hashed(address: string): Promise<string> {
    // Asked once per process; a failure (the database down) is asked again next time.
    key ??= siteKeyRepository.keyFor(KEY_PURPOSE, { candidate: randomBytes(32).toString('hex'), now: clock() }).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return createHmac('sha256', Buffer.from(await key, 'hex'))
      .update(address, 'utf8')
      .digest('hex');
  }

  function windowOf(now: Date) {
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    return { start, end: new Date(start + windowMs) };
  }

  function sweepOnceAWindow(now: Date) {
    if (now.getTime() < nextSweepAt) return;
    nextSweepAt = windowOf(now).end.getTime();
    // Only keeps the collection small: a failed sweep is tried again in the next window.
    void contactLimitRepository.deleteExpired(now).catch(() => undefined);
  }

  return {
    localKeys: false,
    prefix: 'contact:',
    init(options: Options) {
      windowMs = options.windowMs;
    },
    async increment(address: string): Promise<ClientRateLimitInfo> {
      const now = clock();
      const { start, end } = windowOf(now);
      const totalHits = await contactLimitRepository.hit(`${await hashed(address)}:${start}`, end);
      sweepOnceAWindow(now);
      return { totalHits, resetTime: end };
    },
    async decrement(address: string) {
      await contactLimitRepository.giveBack(`${await hashed(address)}:${windowOf(clock()).start}`);
    },
    async resetKey(address: string) {
      await contactLimitRepository.clear(await hashed(address));
    },
  };
}
