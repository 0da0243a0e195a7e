import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../catalog/catalog';
import { precompressQuickly } from '../http/precompressed-body.server';
import type { PrecompressedResponse } from '../http/send-precompressed.server';
import { createRenderCache, isStorable, watchedCatalog } from './render-cache.server';
import { systemClock } from '../time/clock';

const page = (text: string, status = 200): PrecompressedResponse => ({
  status,
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'public',
  body: { identity: Buffer.from(text), br: Buffer.from(text), gzip: Buffer.from(text), effort: 'best', tag: text, size: text.length * 3 },
});

function versions(initial = { revision: 7, lastModified: '2026-06-01T10:00:00.000Z' as string | null }) {
  let current = initial;
  let failing = false;
  return {
    read: async () => {
      if (failing) throw new Error('database unavailable');
      return current;
    },
    set: (next: typeof current) => (current = next),
    fail: (value: boolean) => (failing = value),
  };
}

describe('isStorable', () => {
  const at = 'http://localhost:3000/inventory?brand=denago';

  it('keeps a 200 whose canonical address is its key, and any 404', () => {
    expect(isStorable({ status: 200, canonicalUrl: at }, at, false)).toBe(true);
    expect(isStorable({ status: 404, canonicalUrl: null }, 'http://localhost:3000/no-such-page', false)).toBe(true);
  });

  it('never keeps a page whose canonical address is another: an unknown filter value, a page past the end', () => {
    expect(isStorable({ status: 200, canonicalUrl: 'http://localhost:3000/inventory' }, 'http://localhost:3000/inventory?category=hovercraft', false)).toBe(false);
    expect(isStorable({ status: 200, canonicalUrl: null }, at, false)).toBe(false);
  });

  it('never keeps an error page or a page whose catalog read failed', () => {
    expect(isStorable({ status: 503, canonicalUrl: at }, at, false)).toBe(false);
    expect(isStorable({ status: 500, canonicalUrl: at }, at, false)).toBe(false);
    expect(isStorable({ status: 200, canonicalUrl: at }, at, true)).toBe(false);
    expect(isStorable({ status: 404, canonicalUrl: null }, at, true)).toBe(false);
  });
});

describe('createRenderCache', () => {
  it('keeps pages per generation: the catalog version and the year', async () => {
    const version = versions();
    let time = Date.parse('2026-12-31T23:59:00Z');
    const cache = createRenderCache({ version: version.read, clock: () => new Date(time) });
    const first = (await cache.generation())!;
    cache.set(first, '/about', page('about'));
    expect(cache.get(first, '/about')?.body.tag).toBe('about');

    version.set({ revision: 8, lastModified: '2026-06-02T10:00:00.000Z' });
    const second = (await cache.generation())!;
    expect(second).not.toBe(first);
    expect(cache.get(second, '/about')).toBeUndefined();
    cache.set(second, '/about', page('about 2'));
    // A page rendered in the generation before is not kept.
    cache.set(first, '/services', page('services'));
    expect(cache.get(second, '/services')).toBeUndefined();

    time = Date.parse('2027-01-01T00:00:30Z');
    expect(await cache.generation()).not.toBe(second);
  });

  it('has no generation when the version cannot be read, so pages are rendered as if there were no cache', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read, clock: systemClock });
    version.fail(true);
    expect(await cache.generation()).toBeNull();
  });

  it('keeps a page for as long as its generation lasts, however much time passes: no timer renders it again', async () => {
    let time = Date.parse('2026-06-01T12:00:00Z');
    const cache = createRenderCache({ version: versions().read, clock: () => new Date(time) });
    const generation = (await cache.generation())!;
    cache.set(generation, '/about', page('about'));
    time += 6 * 60 * 60_000;
    expect(await cache.generation()).toBe(generation);
    expect(cache.get(generation, '/about')?.body.tag).toBe('about');
  });

  it('keeps not-found pages apart: made-up paths cannot push real pages out', async () => {
    const cache = createRenderCache({ version: versions().read, maxEntries: 2, maxNotFound: 2, clock: systemClock });
    const generation = (await cache.generation())!;
    cache.set(generation, '/', page('home'));
    cache.set(generation, '/about', page('about'));
    for (let index = 0; index < 100; index += 1) cache.set(generation, `/made-up-${index}`, page('missing', 404));
    expect(cache.get(generation, '/')?.body.tag).toBe('home');
    expect(cache.get(generation, '/about')?.body.tag).toBe('about');
    expect(cache.get(generation, '/made-up-99')?.status).toBe(404);
    expect(cache.get(generation, '/made-up-0')).toBeUndefined();
  });

  it('keeps pages of a query apart: a flood of made-up filter links cannot push the pages shoppers use out', async () => {
    const cache = createRenderCache({ version: versions().read, maxEntries: 2, maxOfAQuery: 2, clock: systemClock });
    const generation = (await cache.generation())!;
    cache.set(generation, '/', page('home'));
    cache.set(generation, '/inventory', page('inventory'));
    for (let index = 0; index < 100; index += 1) cache.set(generation, `/inventory?category=made-up-${index}`, page(`filtered ${index}`));
    expect(cache.get(generation, '/')?.body.tag).toBe('home');
    expect(cache.get(generation, '/inventory')?.body.tag).toBe('inventory');
    expect(cache.get(generation, '/inventory?category=made-up-99')?.body.tag).toBe('filtered 99');
    expect(cache.get(generation, '/inventory?category=made-up-0')).toBeUndefined();
  });

  it('renders once for concurrent misses of one key, and again for another key or generation', async () => {
    const cache = createRenderCache({ version: versions().read, clock: systemClock });
    let renders = 0;
    const render = async () => {
      renders += 1;
      // Settles after the other callers have asked: they were all called in one go.
      await Promise.resolve();
      return renders;
    };
    const results = await Promise.all([cache.renderOnce('g1', '/', render), cache.renderOnce('g1', '/', render), cache.renderOnce('g1', '/', render)]);
    expect(results).toEqual([1, 1, 1]);
    await Promise.all([cache.renderOnce('g1', '/about', render), cache.renderOnce('g2', '/', render)]);
    expect(renders).toBe(3);
    // Once done, the next miss renders again.
    await cache.renderOnce('g1', '/', render);
    expect(renders).toBe(4);
  });
});

describe('a page of the generation before', () => {
  const at = (iso: string) => Date.parse(iso);

  it('is at hand for 15 s after its generation was last used, when only the clock ended it; never after a write', async () => {
    const version = versions();
    let period = 'until 09:00';
    let time = at('2026-06-01T08:59:59Z');
    const cache = createRenderCache({ version: version.read, period: async () => period, clock: () => new Date(time) });
    const morning = (await cache.generation())!;
    cache.get(morning, '/contact');
    cache.set(morning, '/contact', page('closed'));
    cache.set(morning, '/inventory?brand=denago', page('denago'));

    period = 'until 17:00';
    time = at('2026-06-01T09:00:00Z');
    const open = (await cache.generation())!;
    expect(cache.get(open, '/contact')).toBeUndefined();
    expect(cache.stale(open, '/contact')).toEqual(page('closed'));
    expect(cache.stale(open, '/inventory?brand=denago')?.body.tag).toBe('denago');
    expect(cache.stale(open, '/about')).toBeUndefined();
    // Last used at 08:59:59.
    time = at('2026-06-01T09:00:14Z');
    expect(cache.stale(open, '/contact')).toEqual(page('closed'));
    time += 1;
    expect(cache.stale(open, '/contact')).toBeUndefined();

    cache.set(open, '/contact', page('open'));
    version.set({ revision: 8, lastModified: '2026-06-01T09:01:00.000Z' });
    const written = (await cache.generation())!;
    expect(cache.get(written, '/contact')).toBeUndefined();
    expect(cache.stale(written, '/contact')).toBeUndefined();
  });

  it('is rendered again in the background one page at a time, a page waiting once, at most as many as the bound', async () => {
    const cache = createRenderCache({ version: versions().read, clock: systemClock, maxWaitingToRevalidate: 2 });
    const g = (await cache.generation())!;
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const render = (key: string) => () => {
      started.push(key);
      return new Promise<void>((resolve) => finish.set(key, resolve));
    };
    expect(cache.revalidate(g, '/a', render('/a'))).toBe(true);
    expect(cache.revalidate(g, '/a', render('/a again'))).toBe(true);
    expect(cache.revalidate(g, '/b', render('/b'))).toBe(true);
    // The queue is full: the request renders /c itself.
    expect(cache.revalidate(g, '/c', render('/c'))).toBe(false);
    await vi.waitFor(() => expect(started).toEqual(['/a']));
    finish.get('/a')!();
    await vi.waitFor(() => expect(started).toEqual(['/a', '/b']));
    expect(cache.revalidate(g, '/c', render('/c'))).toBe(true);
    finish.get('/b')!();
    await vi.waitFor(() => expect(started).toEqual(['/a', '/b', '/c']));
  });

  it('goes on with the next page when a render fails or takes too long, and skips one whose generation has ended', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read, clock: systemClock, revalidateTimeoutMs: 50 });
    const g = (await cache.generation())!;
    const rendered: string[] = [];
    cache.revalidate(g, '/failing', () => Promise.reject(new Error('catalog unavailable')));
    cache.revalidate(g, '/hanging', () => new Promise(() => {}));
    cache.revalidate(g, '/b', async () => {
      rendered.push('/b');
    });
    await vi.waitFor(() => expect(rendered).toEqual(['/b']));

    let finish: (() => void) | undefined;
    cache.revalidate(g, '/slow', () => new Promise<void>((resolve) => (finish = resolve)));
    cache.revalidate(g, '/of an ended generation', async () => {
      rendered.push('/of an ended generation');
    });
    await vi.waitFor(() => expect(finish).toBeDefined());
    // A catalog write while /slow renders: the page waiting after it belongs to nobody now.
    version.set({ revision: 8, lastModified: '2026-06-02T10:00:00.000Z' });
    finish!();
    const next = (await cache.generation())!;
    cache.revalidate(next, '/c', async () => {
      rendered.push('/c');
    });
    await vi.waitFor(() => expect(rendered).toEqual(['/b', '/c']));
  });
});

describe('a page kept quickly compressed', () => {
  // About 50 KB of page-like text with varied words, where brotli's best settings are smaller than its quick ones.
  const words = ['lithium', 'seats', 'street-legal', 'shore', 'cart', 'warranty', 'used', 'new', 'range', 'miles', 'charger', 'lifted'];
  let seed = 7;
  const word = () => words[(seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % words.length];
  const html = Buffer.from(
    Array.from(
      { length: 300 },
      (_, index) =>
        `<article class="card"><h3><a href="/inventory/cart-${index}">Cart ${index}</a></h3><p>${Array.from({ length: 12 }, word).join(' ')}</p><p>$${10_000 + ((index * 7919) % 20_000)}</p></article>`,
    ).join(''),
  );
  const quickPage = async (): Promise<PrecompressedResponse> => ({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'public',
    body: await precompressQuickly(html, 'br'),
  });
  const best = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } });

  it('is sent as kept the first time, then compressed at the best settings in the background: the same page and tag, fewer bytes', async () => {
    const cache = createRenderCache({ version: versions().read, clock: systemClock });
    const generation = (await cache.generation())!;
    const quick = await quickPage();
    // Kept in the one encoding its first request asked for.
    expect(quick.body.gzip).toBeNull();
    expect(quick.body.br!.length).toBeGreaterThan(best.length);
    cache.set(generation, '/inventory?brand=denago', quick);

    // Asked for again: the quick bytes are what there is, and the page is queued.
    expect(cache.get(generation, '/inventory?brand=denago')).toBe(quick);
    await vi.waitFor(() => expect(cache.get(generation, '/inventory?brand=denago')?.body.effort).toBe('best'));
    const improved = cache.get(generation, '/inventory?brand=denago')!;
    // Now in both encodings.
    expect(improved.body.br?.equals(best)).toBe(true);
    expect(brotliDecompressSync(improved.body.br!).equals(html)).toBe(true);
    expect(gunzipSync(improved.body.gzip!).equals(html)).toBe(true);
    expect(improved.body.tag).toBe(quick.body.tag);
    expect({ ...improved, body: undefined }).toEqual({ ...quick, body: undefined });
  });

  it('waits for its next request when as many pages as the bound already wait', async () => {
    const cache = createRenderCache({ version: versions().read, clock: systemClock, maxWaitingToImprove: 1 });
    const generation = (await cache.generation())!;
    cache.set(generation, '/a', await quickPage());
    cache.set(generation, '/b', await quickPage());
    cache.get(generation, '/a');
    cache.get(generation, '/b');
    await vi.waitFor(() => expect(cache.get(generation, '/a')?.body.effort).toBe('best'));
    expect(cache.get(generation, '/b')?.body.effort).toBe('quick');
    // That request queued it.
    await vi.waitFor(() => expect(cache.get(generation, '/b')?.body.effort).toBe('best'));
  });

  it('is not replaced once its generation has moved on', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read, clock: systemClock });
    const first = (await cache.generation())!;
    cache.set(first, '/a', await quickPage());
    cache.get(first, '/a');
    version.set({ revision: 8, lastModified: '2026-06-02T10:00:00.000Z' });
    const second = (await cache.generation())!;
    expect(cache.get(second, '/a')).toBeUndefined();
    const fresh = await quickPage();
    cache.set(second, '/a', fresh);
    // The old /a's improvement ends without touching the new generation's /a.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cache.get(second, '/a')).toBe(fresh);
  });
});

describe('watchedCatalog', () => {
  it('notes a failed catalog read and passes the failure on', async () => {
    const catalog = {
      listVehicles: async () => [],
      findVehicle: async () => {
        throw new Error('database unavailable');
      },
    } as unknown as Catalog;
    const watched = watchedCatalog(catalog);
    await watched.catalog.listVehicles();
    expect(watched.failed()).toBe(false);
    await expect(watched.catalog.findVehicle('x')).rejects.toThrow('database unavailable');
    expect(watched.failed()).toBe(true);
  });
});
