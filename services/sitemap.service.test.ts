import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../src/catalog/vehicle';
import { sitemapEntries, sitemapFiles } from './sitemap.service';

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

const withModelPage = vehicle('6f1c1a52-6c1b-4d8e-9a57-1f0e1c7f0a01', 'evolution-d5-maverick-4-plus');
const withoutModelPage = vehicle('0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5e', 'evolution-d7-prototype');

describe('sitemapEntries', () => {
  it('lists a vehicle without a fixed model page by its model entry page, and never twice', async () => {
    const entries = await sitemapEntries(pagesOf([withModelPage, withoutModelPage]), ORIGIN, RELEASED);
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
    const lastmod = new Map((await sitemapEntries(catalog, ORIGIN, RELEASED)).map((entry) => [entry.loc, entry.lastmod]));
    expect(lastmod.get(`${ORIGIN}/inventory`)).toBe('2026-06-15T08:30:00.000Z');
    expect(lastmod.get(`${ORIGIN}/vehicle/0b7c9e8a-2d4f-4a53-8f0e-6a1e2b3c4d5e`)).toBe('2026-06-15T08:30:00.000Z');
    expect(lastmod.get(`${ORIGIN}/rentals`)).toBe('2026-05-01T12:00:00.000Z');
    expect(lastmod.get(`${ORIGIN}/ocean-city-golf-carts`)).toBe('2026-05-01T12:00:00.000Z');
  });

  it('falls back to the release date when the catalog cannot say when it changed', async () => {
    const lastmod = new Map((await sitemapEntries(pagesOf([]), ORIGIN, RELEASED)).map((entry) => [entry.loc, entry.lastmod]));
    expect(lastmod.get(`${ORIGIN}/inventory`)).toBe('2026-05-01T12:00:00.000Z');
  });

  it('writes absolute addresses on the configured origin', async () => {
    const entries = await sitemapEntries(pagesOf([]), ORIGIN, RELEASED);
    expect(entries[0]!.loc).toBe(`${ORIGIN}/`);
    for (const entry of entries) expect(entry.loc.startsWith(`${ORIGIN}/`)).toBe(true);
    expect(entries).toHaveLength(9 + 23 + 49 + 2);
  });
});

describe('sitemapFiles', () => {
  const entry = (number: number) => ({ loc: `${ORIGIN}/page-${number}`, lastmod: `2026-06-${String(number).padStart(2, '0')}T00:00:00.000Z` });

  it('writes one urlset, and no parts, up to the URLs a file takes', () => {
    const files = sitemapFiles([entry(1), entry(2)], ORIGIN, { urlsPerFile: 2, bytesPerFile: 1_000_000 });
    expect(files.parts).toEqual([]);
    expect(files.main).toContain('<urlset');
    expect(files.main.match(/<url>/g)).toHaveLength(2);
  });

  it('past them, an index whose parts are dated by their latest page, in order', () => {
    const files = sitemapFiles([entry(1), entry(2), entry(3)], ORIGIN, { urlsPerFile: 2, bytesPerFile: 1_000_000 });
    expect(files.parts).toHaveLength(2);
    expect(files.main).toContain(`<sitemap><loc>${ORIGIN}/sitemap-1.xml</loc><lastmod>2026-06-02T00:00:00.000Z</lastmod></sitemap>`);
    expect(files.main).toContain(`<sitemap><loc>${ORIGIN}/sitemap-2.xml</loc><lastmod>2026-06-03T00:00:00.000Z</lastmod></sitemap>`);
    expect(files.parts[1]).toContain(`<loc>${ORIGIN}/page-3</loc>`);
    expect(files.parts[1]).not.toContain(`<loc>${ORIGIN}/page-2</loc>`);
  });
});
