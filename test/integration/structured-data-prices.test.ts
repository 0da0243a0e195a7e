import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { byId, jsonLd, textOf } from '../support/page-html';
import { structuredDataProblems } from '../support/structured-data-rules';
import { importFeed } from '../../services/feed-import.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

// Structured data may only state a price a shopper can read on the same page: no offers for
// models the page does not show, no Product where the page says "Contact for Pricing", and a
// Product page with a printed price carries its Offer. Every Product has that Offer, with its
// availability as the units and the catalog say (docs/decisions/013-structured-data-offers.md).

/** A used cart at its price, held for a buyer. */
const PENDING_ROW = 'T400,PQ2029-551020,2022,Club Car,Tempo 2 Passenger,,used,tempo,7495,2,White,210,bayville,pending,,,';
const PENDING = '/inventory/2022-club-car-tempo-2-passenger-t400';
const UNPRICED = '/inventory/2020-e-z-go-rxv-elite-2-passenger-t300';
const SOLD = '/inventory/2022-tomberlin-emerge-e4-t200';

let site: TestApp;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'structured-data-prices-'));
  site = await startTestApp({ DATA_DIR: path.join(work, 'data') });
  // The dealer's units too: priced ones, one held for a buyer, one for "Contact for Pricing" (also
  // held) and one sold since (its page answers 410 for 30 days).
  await writeTestFeedPhotos(work);
  const { onward, emerge, rxv } = TEST_FEED_ROWS;
  const options = { locations: site.business.showrooms.map((showroom) => showroom.id), photosDir: path.join(work, 'data', 'photos') };
  const units = [onward, rxv.replace(',6995,', ',,'), PENDING_ROW];
  await importFeed(await writeTestFeed(work, 'feed.csv', ...units, emerge), { ...options, full: true });
  await importFeed(await writeTestFeed(work, 'feed-sold.csv', ...units), { ...options, full: true });
});

afterAll(async () => {
  await site.close();
  await rm(work, { recursive: true, force: true });
});

/** Every price stated anywhere in a JSON-LD tree, with where. */
function statedPrices(value: unknown, path = ''): Array<{ path: string; price: number }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => statedPrices(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'price' && typeof item === 'number' ? [{ path: `${path}.${key}`, price: item }] : statedPrices(item, `${path}.${key}`),
  );
}

const dollars = (price: number) => `$${price.toLocaleString('en-US')}`;

let pages: Promise<Array<{ path: string; html: string }>> | undefined;

/** Every page of the sitemap, the 23 model entries' own pages, and the units' pages the sitemap leaves out: held, unpriced and sold. */
function sitePages() {
  pages ??= (async () => {
    const { text } = await request(site.app).get('/sitemap.xml').expect(200);
    const paths = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const { body: vehicles } = await request(site.app).get('/api/vehicles').expect(200);
    for (const vehicle of (vehicles as Array<{ id: string }>).slice(0, 23)) paths.push(`/vehicle/${vehicle.id}`);
    for (const unit of [PENDING, UNPRICED, SOLD]) if (!paths.includes(unit)) paths.push(unit);
    return Promise.all(paths.map(async (path) => ({ path, html: (await request(site.app).get(path)).text })));
  })();
  return pages;
}

const ofType = (html: string, type: string) => jsonLd(html).filter((entry) => entry['@type'] === type);

test('every page states in its structured data only prices it prints', async () => {
  const problems: string[] = [];
  let checked = 0;
  for (const { path, html } of await sitePages()) {
    const visible = textOf(html);
    for (const entry of jsonLd(html)) {
      for (const { path: where, price } of statedPrices(entry)) {
        checked++;
        if (!visible.includes(dollars(price))) problems.push(`${path}: ${entry['@type']}${where} ${dollars(price)} is not on the page`);
      }
      if (entry['@type'] === 'Product' && !entry.offers && /\$\d/.test(/MSRP[^$]*\$[\d,]+/.exec(visible)?.[0] ?? ''))
        problems.push(`${path}: a price is shown but the Product has no Offer`);
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBeGreaterThan(40);
  expect((await sitePages()).map((page) => page.path)).toContain('/inventory/2021-club-car-onward-4-passenger-t100');
}, 60_000);

test('every Product on every page has an Offer with its price, currency and availability', async () => {
  const all = await sitePages();
  const problems = all.flatMap(({ path, html }) => structuredDataProblems(jsonLd(html)).map((problem) => `${path} ${problem}`));
  expect(problems).toEqual([]);
  // Each page type is among them: home, inventory, brand, model (priced and not), model entry, unit, town, showroom.
  const products = all.flatMap(({ html }) => ofType(html, 'Product'));
  expect(products.length).toBeGreaterThan(30);
}, 60_000);

test("the home page's featured carts are Products, each with its Offer in stock", async () => {
  const home = (await sitePages()).find((page) => page.path === '/')!.html;
  const [catalog] = ofType(home, 'OfferCatalog');
  const items = catalog!.itemListElement as Array<Record<string, unknown> & { offers: Record<string, unknown> }>;
  expect(items.map((item) => [item['@type'], item.offers.price, item.offers.availability])).toEqual([
    ['Product', 12995, 'https://schema.org/InStock'],
    ['Product', 16995, 'https://schema.org/InStock'],
    ['Product', 11995, 'https://schema.org/InStock'],
  ]);
});

test('a model page with an MSRP offers it in stock, as the catalog says; one without is an ItemPage, not a Product', async () => {
  const page = async (path: string) => (await sitePages()).find((candidate) => candidate.path === path)!.html;
  // The older layout prints its MSRP without a stock label; its Offer still states the catalog's.
  const city = await page('/vehicles/denago-ev-city');
  expect(textOf(byId(city, 'price'))).toContain('MSRP $11,995');
  expect(ofType(city, 'Product')[0]).toMatchObject({ offers: { price: 11995, availability: 'https://schema.org/InStock' } });
  const maverick = await page('/vehicles/evolution-d5-maverick-4-plus');
  expect(textOf(byId(maverick, 'price'))).toContain('Availability In Stock');
  expect(ofType(maverick, 'Product')[0]).toMatchObject({ offers: { price: 12995, availability: 'https://schema.org/InStock' } });
  const unpriced = [
    'denago-ev-nomad',
    'denago-ev-rover-xl',
    'evolution-classic-4-plus',
    'evolution-d5-ranger-22-plus',
    'evolution-d5-ranger-6-plus',
    'evolution-forester-4-plus',
    'evolution-turfman-1000',
  ];
  for (const slug of unpriced) {
    const html = await page(`/vehicles/${slug}`);
    expect(byId(html, 'price'), slug).toBe('');
    expect(ofType(html, 'Product'), slug).toEqual([]);
    expect(ofType(html, 'ItemPage'), slug).toEqual([expect.objectContaining({ url: `${site.env.PUBLIC_ORIGIN}/vehicles/${slug}` })]);
  }
});

test('a unit held for a buyer is offered with limited availability; an unpriced one is no Product; a sold one states none', async () => {
  const page = async (path: string) => (await sitePages()).find((candidate) => candidate.path === path)!.html;
  const pending = await page(PENDING);
  expect(textOf(pending)).toContain('Sale Pending');
  expect(ofType(pending, 'Product')).toEqual([
    expect.objectContaining({ offers: expect.objectContaining({ price: 7495, availability: 'https://schema.org/LimitedAvailability' }) }),
  ]);
  const unpriced = await page(UNPRICED);
  expect(textOf(unpriced)).toContain('Contact for Pricing');
  expect(ofType(unpriced, 'Product')).toEqual([]);
  expect(ofType(unpriced, 'ItemPage')).toHaveLength(1);
  const sold = await request(site.app).get(SOLD).expect(410);
  expect(jsonLd(sold.text).map((entry) => entry['@type'])).toEqual(['AutoDealer', 'WebSite']);
});

test('the rules find a Product without an Offer, an Offer without availability and a Product listed as an itemOffered', () => {
  expect(structuredDataProblems({ '@type': 'Product', name: 'Cart' })).toHaveLength(1);
  expect(structuredDataProblems({ '@type': 'ProductModel', name: 'Cart' })).toHaveLength(1);
  const offer = { '@type': 'Offer', url: 'https://example.com/a', price: 1, priceCurrency: 'USD' };
  expect(structuredDataProblems({ '@type': 'Product', name: 'Cart', offers: offer })).toEqual(["<Product>.offers: the Offer's availability is undefined"]);
  expect(
    structuredDataProblems({
      '@type': 'OfferCatalog',
      itemListElement: [{ ...offer, availability: 'https://schema.org/InStock', itemOffered: { '@type': 'Product', name: 'Cart' } }],
    }),
  ).toHaveLength(1);
});
