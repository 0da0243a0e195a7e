import { afterEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './response-cache.server';
import type { PrecompressedResponse } from './send-precompressed.server';
import { systemClock } from '../time/clock';

const response = (tag: string, size = 10): PrecompressedResponse => ({
  status: 200,
  contentType: 'application/json',
  cacheControl: 'public',
  body: { identity: Buffer.alloc(0), br: Buffer.alloc(0), gzip: Buffer.alloc(0), effort: 'best', tag, size },
});

describe('createResponseCache', () => {
  it('forgets everything when a new generation is asked for, and keeps nothing made in an older one', () => {
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, clock: systemClock });
    expect(cache.get('v1', 'a')).toBeUndefined();
    cache.set('v1', 'a', response('a'));
    expect(cache.get('v1', 'a')?.body.tag).toBe('a');
    expect(cache.get('v2', 'a')).toBeUndefined();
    cache.set('v1', 'b', response('b'));
    expect(cache.size).toBe(0);
  });

  it('lets the least recently used go first, within its count and bytes', () => {
    const cache = createResponseCache({ maxEntries: 2, maxBytes: 25, clock: systemClock });
    cache.get('v1', 'x');
    cache.set('v1', 'a', response('a'));
    cache.set('v1', 'b', response('b'));
    cache.get('v1', 'a');
    cache.set('v1', 'c', response('c'));
    expect(cache.get('v1', 'b')).toBeUndefined();
    expect(cache.get('v1', 'a')).toBeDefined();
    cache.set('v1', 'big', response('big', 20));
    expect(cache.size).toBe(1);
    cache.set('v1', 'huge', response('huge', 26));
    expect(cache.get('v1', 'huge')).toBeUndefined();
  });

  it('keeps a response for at most its age limit', () => {
    let time = 0;
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 60_000, clock: () => new Date(time) });
    cache.get('v1', 'a');
    cache.set('v1', 'a', response('a'));
    time = 60_000;
    expect(cache.get('v1', 'a')).toBeDefined();
    time = 60_001;
    expect(cache.get('v1', 'a')).toBeUndefined();
  });

  it('puts a page compressed again in the place of the one kept, within the bytes, unless another was kept since or the generation moved on', () => {
    const cache = createResponseCache({ maxEntries: 2, maxBytes: 40, clock: systemClock });
    cache.get('v1', 'x');
    const kept = response('a', 20);
    cache.set('v1', 'a', kept);
    cache.set('v1', 'b', response('b', 10));
    expect(cache.replace('v1', 'a', kept, response('a, smaller', 5))).toBe(true);
    expect(cache.get('v1', 'a')?.body.tag).toBe('a, smaller');
    // 5 + 10 + 25 bytes fit in 40 only because the replacement counted as its own 5 bytes.
    cache.set('v1', 'c', response('c', 25));
    expect(cache.get('v1', 'a')?.body.tag).toBe('a, smaller');
    expect(cache.get('v1', 'b')).toBeUndefined();

    // Not the response kept any more: nothing happens.
    expect(cache.replace('v1', 'a', kept, response('a, stale'))).toBe(false);
    expect(cache.get('v1', 'a')?.body.tag).toBe('a, smaller');
    // Another generation: neither the old entries nor the new ones change.
    const current = cache.get('v1', 'c')!;
    expect(cache.replace('v0', 'c', current, response('c, from an old generation'))).toBe(false);
    expect(cache.get('v1', 'c')?.body.tag).toBe('c');
  });

  it('keeps the generation before the current one at hand for a while after its last use, outside its bounds, and only that one', () => {
    let time = 0;
    const cache = createResponseCache({ maxEntries: 1, maxBytes: 1000, keepPreviousForMs: 15_000, clock: () => new Date(time) });
    cache.get('v1', 'a');
    cache.set('v1', 'a', response('a'));
    expect(cache.previous('v1', 'a')).toBeUndefined();
    // Last used at 1 s; the next generation begins at 2 s.
    time = 1000;
    cache.get('v1', 'a');
    time = 2000;
    expect(cache.get('v2', 'a')).toBeUndefined();
    expect(cache.previous('v2', 'a')).toEqual({ generation: 'v1', response: expect.objectContaining({ body: expect.objectContaining({ tag: 'a' }) }) });
    // The current generation's bounds count only its own entries.
    cache.set('v2', 'b', response('b'));
    expect(cache.get('v2', 'b')?.body.tag).toBe('b');
    expect(cache.previous('v2', 'b')).toBeUndefined();
    time = 16_000;
    expect(cache.previous('v2', 'a')?.generation).toBe('v1');
    time = 16_001;
    expect(cache.previous('v2', 'a')).toBeUndefined();

    // Two generations on, the older one is gone.
    time = 17_000;
    cache.get('v2', 'b');
    time = 20_000;
    cache.get('v3', 'x');
    expect(cache.previous('v3', 'b')?.generation).toBe('v2');
    expect(cache.previous('v3', 'a')).toBeUndefined();
  });

  it('keeps nothing of a generation last used longer ago than that: a quiet night is no moment ago', () => {
    let time = Date.parse('2026-11-23T17:55:00-05:00');
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, keepPreviousForMs: 15_000, clock: () => new Date(time) });
    cache.get('open', '/showroom');
    cache.set('open', '/showroom', response('open now'));
    time = Date.parse('2026-11-24T07:00:00-05:00');
    expect(cache.get('closed', '/showroom')).toBeUndefined();
    expect(cache.previous('closed', '/showroom')).toBeUndefined();
  });

  it('keeps nothing of a generation used "later" than now: the clock was set back', () => {
    let time = Date.parse('2026-11-24T20:00:00-05:00');
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, keepPreviousForMs: 15_000, clock: () => new Date(time) });
    cache.get('closed', '/contact');
    cache.set('closed', '/contact', response('closed now'));
    time = Date.parse('2026-11-24T10:00:00-05:00');
    expect(cache.get('open', '/contact')).toBeUndefined();
    expect(cache.previous('open', '/contact')).toBeUndefined();

    // Kept a moment ago, then the clock goes back: no longer a page of a moment ago.
    time = Date.parse('2026-11-24T20:00:01-05:00');
    cache.get('closed', '/contact');
    cache.set('closed', '/contact', response('closed now'));
    time = Date.parse('2026-11-24T20:00:02-05:00');
    cache.get('open', '/contact');
    expect(cache.previous('open', '/contact')?.generation).toBe('closed');
    time = Date.parse('2026-11-24T10:00:00-05:00');
    expect(cache.previous('open', '/contact')).toBeUndefined();
  });

  it('keeps nothing of a generation once it ends, unless asked to', () => {
    const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, clock: systemClock });
    cache.get('v1', 'a');
    cache.set('v1', 'a', response('a'));
    cache.get('v2', 'a');
    expect(cache.previous('v2', 'a')).toBeUndefined();
  });

  describe('on an idle site', () => {
    afterEach(() => vi.useRealTimers());

    it('lets the generation before go once its time is up, though nothing asks for it', () => {
      vi.useFakeTimers();
      // The cache's own clock stands still: only the timer can let it go.
      const cache = createResponseCache({ maxEntries: 10, maxBytes: 1000, keepPreviousForMs: 15_000, clock: () => new Date(0) });
      cache.get('v1', 'a');
      cache.set('v1', 'a', response('a'));
      cache.get('v2', 'a');
      // 15 s of the cache's clock since the last use are left: the timer runs that long.
      vi.advanceTimersByTime(14_999);
      expect(cache.previous('v2', 'a')?.generation).toBe('v1');
      vi.advanceTimersByTime(1);
      expect(cache.previous('v2', 'a')).toBeUndefined();
    });
  });
});
