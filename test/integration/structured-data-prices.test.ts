import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jsonLd, textOf } from '../support/page-html';
import { importFeed } from '../../services/feed-import.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';

// Structured data may only state a price a shopper can read on the same page: no offers for
// models the page does not show, no Product with an Offer where the page says "Contact for
// Pricing", and a Product page with a printed price carries its Offer.

let site: TestApp;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'structured-data-prices-'));
  site = await startTestApp({ DATA_DIR: path.join(work, 'data') });
  // The dealer's units too: priced ones and one for "Contact for Pricing".
  await writeTestFeedPhotos(work);
  const { onward, emerge, rxv } = TEST_FEED_ROWS;
  const feed = await writeTestFeed(work, 'feed.csv', onward, emerge, rxv.replace(',6995,', ',,'));
  await importFeed(feed, { full: false, locations: site.business.showrooms.map((showroom) => showroom.id), photosDir: path.join(work, 'data', 'photos') });
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

test('every page states in its structured data only prices it prints', async () => {
  const { text } = await request(site.app).get('/sitemap.xml').expect(200);
  const paths = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const { body: vehicles } = await request(site.app).get('/api/vehicles').expect(200);
  for (const vehicle of (vehicles as Array<{ id: string }>).slice(0, 23)) paths.push(`/vehicle/${vehicle.id}`);
  const problems: string[] = [];
  let checked = 0;
  for (const path of paths) {
    const html = (await request(site.app).get(path)).text;
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
  expect(paths).toContain('/inventory/2021-club-car-onward-4-passenger-t100');
}, 60_000);
