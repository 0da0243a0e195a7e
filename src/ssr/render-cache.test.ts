import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/catalog';
import { cacheKey, createRenderCache, isStorable, pageBody, watchedCatalog, type CachedPage } from './render-cache';

const page = (text: string, status = 200): CachedPage => ({ status, etag: `W/"${text}"`, parts: text.split('NONCE').map((part) => Buffer.from(part)) });

function versions(initial = { count: 23, lastModified: '2026-06-01T10:00:00.000Z' as string | null }) {
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

async function keep(cache: ReturnType<typeof createRenderCache>, url: string, text: string, status = 200) {
  const slot = await cache.lookup(url);
  cache.store(slot!, page(text, status));
}

describe('cacheKey', () => {
  it('is the path and the query with its parameters in a stable order, each name keeping its values in order', () => {
    expect(cacheKey('/inventory')).toBe('/inventory');
    expect(cacheKey('/about?utm_source=flyer&utm_medium=print')).toBe(cacheKey('/about?utm_medium=print&utm_source=flyer'));
    expect(cacheKey('/x?tag=b&tag=a')).not.toBe(cacheKey('/x?tag=a&tag=b'));
    expect(cacheKey('/about?a=1')).not.toBe(cacheKey('/about?a=2'));
    expect(cacheKey('/about')).not.toBe(cacheKey('/services'));
    expect(cacheKey('/about?')).toBe('/about');
    expect(cacheKey('//example.com/about')).not.toBe(cacheKey('/about'));
  });
});

describe('isStorable', () => {
  const clean = { catalogFailed: false, setsCookie: false, formState: false };
  const home = { status: 200, routeIds: ['root', 'pages', 'home-page'] };

  it('keeps plain 200 and 404 pages, with or without a query', () => {
    expect(isStorable(home, '/', clean)).toBe(true);
    expect(isStorable(home, '/?utm_source=flyer', clean)).toBe(true);
    expect(isStorable({ status: 404, routeIds: ['root', 'pages', 'not-found-page'] }, '/no-such-page', clean)).toBe(true);
  });

  it('never keeps an error page, a page that set a cookie, a re-rendered form or a page whose catalogue read failed', () => {
    expect(isStorable({ ...home, status: 503 }, '/', clean)).toBe(false);
    expect(isStorable({ ...home, status: 500 }, '/', clean)).toBe(false);
    expect(isStorable(home, '/', { ...clean, setsCookie: true })).toBe(false);
    expect(isStorable(home, '/', { ...clean, formState: true })).toBe(false);
    expect(isStorable(home, '/', { ...clean, catalogFailed: true })).toBe(false);
  });

  it('never keeps a contact form prefilled from the query or an inventory search, but keeps those pages without a query', () => {
    const contact = { status: 200, routeIds: ['root', 'pages', 'contact-page'] };
    const inventory = { status: 200, routeIds: ['root', 'pages', 'inventory-page'] };
    expect(isStorable(contact, '/contact?interest=service&topic=brakes', clean)).toBe(false);
    expect(isStorable(inventory, '/inventory?search=maverick', clean)).toBe(false);
    expect(isStorable(contact, '/contact', clean)).toBe(true);
    expect(isStorable(inventory, '/inventory', clean)).toBe(true);
  });
});

describe('pageBody', () => {
  it('puts the response nonce wherever the placeholder was', () => {
    expect(pageBody(page('<script nonce="NONCE">a</script><script nonce="NONCE">b</script>'), 'abc==').toString()).toBe(
      '<script nonce="abc==">a</script><script nonce="abc==">b</script>',
    );
    expect(pageBody(page('no scripts'), 'abc==').toString()).toBe('no scripts');
  });
});

describe('createRenderCache', () => {
  it('answers a kept page for its URL only', async () => {
    const cache = createRenderCache({ version: versions().read });
    expect((await cache.lookup('/about'))!.page).toBeUndefined();
    await keep(cache, '/about', 'about page');
    expect((await cache.lookup('/about'))!.page?.etag).toBe('W/"about page"');
    expect((await cache.lookup('/services'))!.page).toBeUndefined();
  });

  it('forgets every page when the catalogue version changes, in count or in last change', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read });
    await keep(cache, '/inventory', 'old prices');
    version.set({ count: 23, lastModified: '2026-06-02T08:00:00.000Z' });
    expect((await cache.lookup('/inventory'))!.page).toBeUndefined();
    await keep(cache, '/inventory', 'new prices');
    version.set({ count: 22, lastModified: '2026-06-02T08:00:00.000Z' });
    expect((await cache.lookup('/inventory'))!.page).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a page rendered before the version changed', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read });
    const early = await cache.lookup('/inventory');
    version.set({ count: 24, lastModified: '2026-06-03T08:00:00.000Z' });
    await cache.lookup('/about');
    cache.store(early!, page('rendered from the old catalogue'));
    expect((await cache.lookup('/inventory'))!.page).toBeUndefined();
  });

  it('renders anew when the version cannot be read', async () => {
    const version = versions();
    const cache = createRenderCache({ version: version.read });
    await keep(cache, '/about', 'about page');
    version.fail(true);
    expect(await cache.lookup('/about')).toBeNull();
  });

  it('forgets pages at the new year, which the footer and the years-in-business claims print', async () => {
    let now = new Date(2026, 11, 31, 23, 59, 30).getTime();
    const cache = createRenderCache({ version: versions().read, maxAgeMs: 60 * 60_000, now: () => now });
    await keep(cache, '/about', '© 2026');
    now += 20_000;
    expect((await cache.lookup('/about'))!.page?.etag).toBe('W/"© 2026"');
    now += 20_000;
    expect((await cache.lookup('/about'))!.page).toBeUndefined();
  });

  it('forgets a page after its maximum age', async () => {
    let now = new Date(2027, 0, 5, 12, 0).getTime();
    const cache = createRenderCache({ version: versions().read, maxAgeMs: 60_000, now: () => now });
    await keep(cache, '/about', 'about page');
    now += 59_000;
    expect((await cache.lookup('/about'))!.page?.etag).toBe('W/"about page"');
    now += 2_000;
    expect((await cache.lookup('/about'))!.page).toBeUndefined();
  });

  it('drops the least recently used pages beyond its count and byte limits', async () => {
    const cache = createRenderCache({ version: versions().read, maxEntries: 2, maxBytes: 1000 });
    await keep(cache, '/a', 'A');
    await keep(cache, '/b', 'B');
    await cache.lookup('/a');
    await keep(cache, '/c', 'C');
    expect(cache.size).toBe(2);
    expect((await cache.lookup('/b'))!.page).toBeUndefined();
    expect((await cache.lookup('/a'))!.page).toBeDefined();
    expect((await cache.lookup('/c'))!.page).toBeDefined();

    // 1 + 600 bytes fit; another 500 do not, so the two older pages go.
    await keep(cache, '/big', 'x'.repeat(600));
    expect(cache.size).toBe(2);
    await keep(cache, '/bigger', 'y'.repeat(500));
    expect(cache.size).toBe(1);
    expect((await cache.lookup('/bigger'))!.page).toBeDefined();
    // A page over the whole limit is not kept at all.
    await keep(cache, '/huge', 'z'.repeat(1001));
    expect((await cache.lookup('/huge'))!.page).toBeUndefined();
    expect((await cache.lookup('/bigger'))!.page).toBeDefined();
  });
});

describe('watchedCatalog', () => {
  it('notes a failed read and still passes the failure to the loader', async () => {
    const catalog: Catalog = {
      listVehicles: async () => [],
      listVehiclesByBrand: async () => {
        throw new Error('down');
      },
      findVehicle: async () => null,
    };
    const watched = watchedCatalog(catalog);
    await watched.catalog.listVehicles();
    await watched.catalog.findVehicle('x');
    expect(watched.failed()).toBe(false);
    await expect(watched.catalog.listVehiclesByBrand('denago')).rejects.toThrow('down');
    expect(watched.failed()).toBe(true);
  });
});
