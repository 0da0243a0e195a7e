import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sitemapController } from '../../controllers/sitemap.controller';
import { SITEMAP_BYTES_PER_FILE, SITEMAP_URLS_PER_FILE, type SitemapLimits } from '../../services/sitemap.service';
import type { Vehicle } from '../../src/catalog/vehicle';
import { sitemapSchemaProblems } from '../support/sitemap-schema';

// Issue 25, point 6: the sitemap becomes a sitemap index before the protocol's 50,000 URLs (and
// 50 MB) in one file. The limits are handed in small, so a few dozen units split it as 23,000 would.

const ORIGIN = 'https://www.shoregolfcarts.test';
const RELEASED = new Date('2026-05-01T12:00:00.000Z');
/** The pages every sitemap lists whatever the catalog: 9 fixed, 23 model pages, 49 towns, 2 policies. */
const SITE_PAGES = 9 + 23 + 49 + 2;
const UNITS = 30;

/** A unit for sale with two photos: its entry carries their addresses as image tags. */
function unit(index: number): Vehicle {
  const slug = `2024-club-car-onward-t${1000 + index}`;
  const photo = (hash: string) => ({ hash, sources: { jpeg: [{ url: `/photos/${hash}/640.jpg`, width: 640 }] } });
  return {
    id: `unit-${index}`,
    slug,
    unit: { photos: [photo(index.toString(16).padStart(32, 'a')), photo(index.toString(16).padStart(32, 'b'))] },
  } as unknown as Vehicle;
}

/** The site's sitemap over a catalog of `UNITS` units, with the limits given; counts the catalog reads. */
function sitemapSite(limits?: SitemapLimits) {
  const site = { reads: 0, revision: 1 };
  const catalog = {
    // The store's pages of 500, as the catalog service reads them.
    async *listedVehiclePages() {
      site.reads += 1;
      for (let first = 0; first < UNITS; first += 500) yield Array.from({ length: Math.min(500, UNITS - first) }, (_, index) => unit(first + index));
    },
    catalogVersion: async () => ({ revision: site.revision, lastModified: '2026-06-15T08:30:00.000Z' }),
  };
  const app = express().use(sitemapController(catalog, ORIGIN, RELEASED, async () => ({ revision: site.revision, lastModified: null }), limits));
  return { app, site };
}

const locsOf = (xml: string, element: 'url' | 'sitemap') => [...xml.matchAll(new RegExp(`<${element}><loc>([^<]+)</loc>`, 'g'))].map((match) => match[1]!);

/** Every file /sitemap.xml names, fetched: each must be a valid urlset. */
async function parts(app: express.Express): Promise<string[]> {
  const index = await request(app).get('/sitemap.xml').expect(200);
  expect(sitemapSchemaProblems(index.text, 'index')).toEqual([]);
  const files: string[] = [];
  for (const loc of locsOf(index.text, 'sitemap')) {
    expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
    const part = await request(app).get(new URL(loc).pathname).expect(200).expect('content-type', 'application/xml; charset=utf-8');
    expect(sitemapSchemaProblems(part.text, 'urlset')).toEqual([]);
    files.push(part.text);
  }
  return files;
}

describe('the sitemap past one file’s limits', () => {
  it('keeps the real limits under the protocol’s 50,000 URLs and 50 MB', () => {
    expect(SITEMAP_URLS_PER_FILE).toBeLessThan(50_000);
    expect(SITEMAP_BYTES_PER_FILE).toBeLessThan(50 * 1024 * 1024);
  });

  it('is one urlset while every URL fits, with no part files', async () => {
    const { app } = sitemapSite();
    const sitemap = await request(app).get('/sitemap.xml').expect(200);
    expect(sitemapSchemaProblems(sitemap.text, 'urlset')).toEqual([]);
    expect(locsOf(sitemap.text, 'url')).toHaveLength(SITE_PAGES + UNITS);
    await request(app).get('/sitemap-1.xml').expect(404);
  });

  it('past the URLs a file takes, is an index of /sitemap-1.xml … whose urlsets list every URL exactly once', async () => {
    const { app } = sitemapSite({ urlsPerFile: 10, bytesPerFile: SITEMAP_BYTES_PER_FILE });
    const index = await request(app).get('/sitemap.xml').expect(200);
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = await parts(app);
    expect(locsOf(index.text, 'sitemap')).toEqual(files.map((_, number) => `${ORIGIN}/sitemap-${number + 1}.xml`));
    expect(files).toHaveLength(Math.ceil((SITE_PAGES + UNITS) / 10));
    for (const file of files) expect(locsOf(file, 'url').length).toBeLessThanOrEqual(10);
    const listed = files.flatMap((file) => locsOf(file, 'url'));
    expect(listed).toHaveLength(SITE_PAGES + UNITS);
    expect(new Set(listed).size).toBe(listed.length);
    for (let index = 0; index < UNITS; index += 1) expect(listed).toContain(`${ORIGIN}/inventory/2024-club-car-onward-t${1000 + index}`);
    expect(listed).toContain(`${ORIGIN}/`);
    // A unit's photos stay with its page.
    const withUnit = files.find((file) => file.includes('/inventory/2024-club-car-onward-t1000<'))!;
    expect(withUnit).toContain(`<image:loc>${ORIGIN}/photos/${'0'.padStart(32, 'a')}/640.jpg</image:loc>`);
  });

  it('past the bytes a file takes, splits too, no file over them', async () => {
    const bytesPerFile = 4_000;
    const { app } = sitemapSite({ urlsPerFile: SITEMAP_URLS_PER_FILE, bytesPerFile });
    const files = await parts(app);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(bytesPerFile);
    const listed = files.flatMap((file) => locsOf(file, 'url'));
    expect(listed).toHaveLength(SITE_PAGES + UNITS);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('answers 404 for a part the index does not list', async () => {
    const { app } = sitemapSite({ urlsPerFile: 10, bytesPerFile: SITEMAP_BYTES_PER_FILE });
    const last = Math.ceil((SITE_PAGES + UNITS) / 10);
    await request(app).get(`/sitemap-${last}.xml`).expect(200);
    for (const path of [`/sitemap-${last + 1}.xml`, '/sitemap-0.xml', '/sitemap-01.xml', '/sitemap-1e3.xml', '/sitemap-.xml', '/sitemap-99999999999.xml']) {
      await request(app).get(path).expect(404);
    }
  });

  it('builds the index and its parts once per catalog version, compressed', async () => {
    const { app, site } = sitemapSite({ urlsPerFile: 10, bytesPerFile: SITEMAP_BYTES_PER_FILE });
    await parts(app);
    await parts(app);
    expect(site.reads).toBe(1);
    const compressed = await request(app).get('/sitemap-2.xml').set('Accept-Encoding', 'br').expect(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    site.revision = 2;
    await request(app).get('/sitemap-3.xml').expect(200);
    await request(app).get('/sitemap.xml').expect(200);
    expect(site.reads).toBe(2);
  });

  it('leaves robots.txt pointing at /sitemap.xml', async () => {
    const { app } = sitemapSite({ urlsPerFile: 10, bytesPerFile: SITEMAP_BYTES_PER_FILE });
    const robots = await request(app).get('/robots.txt').expect(200);
    expect(robots.text).toBe(`User-agent: *\nAllow: /\nDisallow: /staff\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
