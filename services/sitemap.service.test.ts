import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../src/catalog/vehicle';
import { sitemapEntries, sitemapIndex, sitemapUrlsets, type SitemapEntry, type SitemapLimits } from './sitemap.service';

const ORIGIN = 'https://www.shoregolfcarts.test';
const RELEASED = new Date('2026-05-01T12:00:00.000Z');

function vehicle(id: string, slug: string): Vehicle {
  return {
    id,
    slug,
    name: slug,
    description: 'A cart.',
    brand: 'evolution',
    category: 'ranger',
    year: 2026,
    price: null,
    images: [],
    specifications: { topSpeed: '19 mph', range: '40 miles', seatingCapacity: '4', batteryType: 'Lithium' },
    features: [],
    inStock: true,
    isNew: true,
  };
}

/** A catalog that lists these vehicles in pages of one, as the store's pages come. */
const pagesOf = (vehicles: Vehicle[]) => ({
  async *listedVehiclePages() {
    for (const listed of vehicles) yield [listed];
  },
});

/** Every entry the sitemap lists, in order. */
async function allEntries(batches: AsyncIterable<SitemapEntry[]>): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for await (const batch of batches) entries.push(...batch);
  return entries;
}

/** The urlsets written for these entries, each read whole, with their dates. */
async function written(entries: SitemapEntry[], limits: SitemapLimits): Promise<Array<{ xml: string; lastmod: string }>> {
  async function* batches() {
    yield entries;
  }
  const files: Array<{ xml: string; lastmod: string }> = [];
  for await (const urlset of sitemapUrlsets(batches(), limits)) {
    let xml = '';
    for await (const piece of urlset.xml) xml += piece;
    files.push({ xml, lastmod: urlset.lastmod() });
  }
  return files;
}

const withModelPage = vehicle('6f1c1a52-6c1b-4d8e-9a57-1f0e1c7f0a01', 'evolution-d5-maverick-4-plus');
const withoutModelPage = vehicle('0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5e', 'evolution-d7-prototype');

describe('sitemapEntries', () => {
  it('lists a vehicle without a fixed model page by its model entry page, and never twice', async () => {
    const entries = await allEntries(sitemapEntries(pagesOf([withModelPage, withoutModelPage]), ORIGIN, RELEASED));
    const locs = entries.map((entry) => entry.loc);
    expect(locs).toContain(`${ORIGIN}/vehicle/0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5e`);
    expect(locs).not.toContain(`${ORIGIN}/vehicle/6f1c1a52-6c1b-4d8e-9a57-1f0e1c7f0a01`);
    expect(locs.filter((loc) => loc === `${ORIGIN}/vehicles/evolution-d5-maverick-4-plus`)).toHaveLength(1);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('dates catalog pages by the last catalog change and the rest by the release', async () => {
    const catalog = {
      ...pagesOf([withoutModelPage]),
      catalogVersion: async () => ({ revision: 1, lastModified: '2026-06-15T08:30:00.000Z' }),
    };
    const lastmod = new Map((await allEntries(sitemapEntries(catalog, ORIGIN, RELEASED))).map((entry) => [entry.loc, entry.lastmod]));
    expect(lastmod.get(`${ORIGIN}/inventory`)).toBe('2026-06-15T08:30:00.000Z');
    expect(lastmod.get(`${ORIGIN}/vehicle/0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5e`)).toBe('2026-06-15T08:30:00.000Z');
    expect(lastmod.get(`${ORIGIN}/rentals`)).toBe('2026-05-01T12:00:00.000Z');
    expect(lastmod.get(`${ORIGIN}/ocean-city-golf-carts`)).toBe('2026-05-01T12:00:00.000Z');
  });

  it('falls back to the release date when the catalog cannot say when it changed', async () => {
    const lastmod = new Map((await allEntries(sitemapEntries(pagesOf([]), ORIGIN, RELEASED))).map((entry) => [entry.loc, entry.lastmod]));
    expect(lastmod.get(`${ORIGIN}/inventory`)).toBe('2026-05-01T12:00:00.000Z');
  });

  it('writes absolute addresses on the configured origin', async () => {
    const entries = await allEntries(sitemapEntries(pagesOf([]), ORIGIN, RELEASED));
    expect(entries[0]!.loc).toBe(`${ORIGIN}/`);
    for (const entry of entries) expect(entry.loc.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(entries).toHaveLength(9 + 23 + 49 + 2);
  });
});

describe('sitemapUrlsets', () => {
  const entry = (number: number) => ({ loc: `${ORIGIN}/page-${number}`, lastmod: `2026-06-${String(number).padStart(2, '0')}T00:00:00.000Z` });

  it('writes one urlset up to the URLs a file takes', async () => {
    const files = await written([entry(1), entry(2)], { urlsPerFile: 2, bytesPerFile: 1_000_000 });
    expect(files).toHaveLength(1);
    expect(files[0]!.xml).toContain('<urlset');
    expect(files[0]!.xml.match(/<url>/g)).toHaveLength(2);
  });

  it('past them, urlsets in order, each dated by its latest page, for an index that lists them', async () => {
    const files = await written([entry(1), entry(2), entry(3)], { urlsPerFile: 2, bytesPerFile: 1_000_000 });
    expect(files.map((file) => file.lastmod)).toEqual(['2026-06-02T00:00:00.000Z', '2026-06-03T00:00:00.000Z']);
    expect(files[1]!.xml).toContain(`<loc>${ORIGIN}/page-3</loc>`);
    expect(files[1]!.xml).not.toContain(`<loc>${ORIGIN}/page-2</loc>`);
    const index = sitemapIndex(
      files.map((file) => file.lastmod),
      ORIGIN,
    );
    expect(index).toContain(`<sitemap><loc>${ORIGIN}/sitemap-1.xml</loc><lastmod>2026-06-02T00:00:00.000Z</lastmod></sitemap>`);
    expect(index).toContain(`<sitemap><loc>${ORIGIN}/sitemap-2.xml</loc><lastmod>2026-06-03T00:00:00.000Z</lastmod></sitemap>`);
  });

  it('writes an empty urlset when there is nothing to list', async () => {
    const files = await written([], { urlsPerFile: 2, bytesPerFile: 1_000_000 });
    expect(files).toHaveLength(1);
    expect(files[0]!.xml).toContain('<urlset');
    expect(files[0]!.xml).not.toContain('<url>');
  });
});

describe('the sitemap of a large catalog', () => {
  it('hands on each catalog page’s entries before the next page is read, so the catalog is never held whole', async () => {
    let pagesRead = 0;
    const catalog = {
      async *listedVehiclePages() {
        for (let page = 0; page < 3; page += 1) {
          pagesRead += 1;
          yield [vehicle(`0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5${page}`, `evolution-d7-prototype-${page}`)];
        }
      },
    };
    const readWhenListed: number[] = [];
    for await (const batch of sitemapEntries(catalog, ORIGIN, RELEASED)) {
      if (batch.some((entry) => entry.loc.includes('/vehicle/'))) readWhenListed.push(pagesRead);
    }
    expect(readWhenListed).toEqual([1, 2, 3]);
  });

  it('writes a large urlset in pieces, not as one string', async () => {
    const entries = Array.from({ length: 2_000 }, (_, index) => ({ loc: `${ORIGIN}/vehicle/${'x'.repeat(60)}-${index}`, lastmod: '2026-06-01T00:00:00.000Z' }));
    async function* batches() {
      yield entries;
    }
    const pieces: string[] = [];
    for await (const urlset of sitemapUrlsets(batches())) for await (const piece of urlset.xml) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('').match(/<url>/g)).toHaveLength(2_000);
  });
});
