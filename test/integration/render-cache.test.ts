import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VehicleCollection } from '../../models/vehicle.model';
import { importCatalog } from '../../services/catalog-import.service';
import shippedCatalog from '../../seeds/catalog.json';
import { composeSite } from '../../server/compose-site';
import { loadEnv } from '../../src/config/env.server';
import { loadBusinessFile } from '../../src/config/load-business-file.server';
import { createLogger } from '../../src/logging/logger.server';
import { fileTemplateRenderer, type PageRenderer } from '../../src/ssr/page-renderer.server';
import { renderPage } from '../../views/entry-server';
import { renderStaffPage } from '../../views/staff/staff-entry-server';
import { textOf } from '../support/page-html';
import { testClock } from '../support/test-clock';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { VALID_INQUIRY } from '../support/fixtures';

// The site as server/compose-site.ts puts it together, with the renderer counting its renders: a request
// answered without a render was answered from the render cache.

const ORIGIN = 'http://localhost:3000';
const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

let database: TestDatabase;
let app: Express;
const rendered: string[] = [];
// The catalog version is read again once it is a second old by this clock, which only the tests move.
const clock = testClock();

function countingRenderer(renderer: PageRenderer): PageRenderer {
  return {
    ...renderer,
    render(pageRequest, context) {
      const url = new URL(pageRequest.url);
      rendered.push(url.pathname + url.search);
      return renderer.render(pageRequest, context);
    },
  };
}

async function startSite(): Promise<void> {
  database = await startTestDatabase({ seedCatalog: true });
  const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CONTACT_RATE_LIMIT: '1000' });
  const counting = countingRenderer(fileTemplateRenderer(fromRoot('index.html'), renderPage));
  ({ app } = composeSite({
    env,
    business: loadBusinessFile(undefined),
    logger: createLogger(env),
    clock: clock.now,
    pages: counting,
    staffPages: countingRenderer(fileTemplateRenderer(fromRoot('staff.html'), renderStaffPage)),
    isDatabaseReady: () => database.isReady(),
    staticDir: fromRoot('public'),
  }));
}

/** How many renders a request caused. */
async function rendersOf(send: () => PromiseLike<unknown>): Promise<number> {
  const before = rendered.length;
  await send();
  return rendered.length - before;
}

/** The visible text of the inventory card of the vehicle with this name, if the page has one. */
function cardOf(html: string, name: string): string | undefined {
  const card = html.split('<article').find((piece) => piece.includes(`>${name}</a>`));
  return card === undefined ? undefined : textOf(`<article${card.split('</article>')[0]}`);
}

/** The contact form's message box as the server rendered it. */
const messageOf = (html: string) => /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1]?.replaceAll('&#x27;', "'");

const cityEntry = (shippedCatalog as Array<Record<string, unknown> & { slug: string }>).find((entry) => entry.slug === 'denago-ev-city')!;

describe('the render cache', () => {
  beforeAll(startSite);
  afterAll(async () => {
    await database?.close();
  });

  it('sends a page asked for again without rendering it again: the same bytes, policy and strong ETag for every visitor', async () => {
    let first!: request.Response;
    let second!: request.Response;
    expect(await rendersOf(async () => (first = await request(app).get('/vehicles/denago-ev-city').expect(200)))).toBe(1);
    expect(await rendersOf(async () => (second = await request(app).get('/vehicles/denago-ev-city').expect(200)))).toBe(0);

    expect(second.text).toBe(first.text);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    // No nonce anywhere: the page runs no inline script.
    expect(first.headers['content-security-policy']).not.toContain('nonce');
    expect(first.text).not.toContain('nonce');
  });

  it('never keeps a staff page: each request renders it for its own session', async () => {
    for (const path of ['/staff/no-such-page', '/STAFF/No-Such-Page']) {
      expect(await rendersOf(() => request(app).get(path).expect(404)), path).toBe(1);
      expect(await rendersOf(() => request(app).get(path).expect(404)), path).toBe(1);
    }
  });

  it('answers a revisit with a current copy 304 from the cache', async () => {
    const { headers } = await request(app).get('/about').expect(200);
    let revisit!: request.Response;
    expect(await rendersOf(async () => (revisit = await request(app).get('/about').set('If-None-Match', headers.etag!).expect(304)))).toBe(0);
    expect(revisit.headers.etag).toBe(headers.etag);
  });

  it('keeps the not-found page with its 404 status', async () => {
    await request(app).get('/no-such-page').expect(404);
    let again!: request.Response;
    expect(await rendersOf(async () => (again = await request(app).get('/no-such-page').expect(404)))).toBe(0);
    expect(textOf(again.text)).toContain('Page Not Found');
  });

  it('answers a query a page does not read with the page as it is kept: no render, no entry, the same bytes', async () => {
    const plain = await request(app).get('/about').expect(200);
    expect(await rendersOf(() => request(app).get('/about?utm_source=flyer&utm_medium=print').expect(200))).toBe(0);
    // A flood of made-up queries renders nothing and so cannot push real pages out.
    for (let index = 0; index < 20; index += 1) {
      let flooded!: request.Response;
      expect(await rendersOf(async () => (flooded = await request(app).get(`/?r=${Math.random()}`).expect(200)))).toBeLessThanOrEqual(index === 0 ? 1 : 0);
      expect(flooded.headers.etag).toMatch(/^"/);
    }
    const tagged = await request(app).get('/about?utm_source=radio').expect(200);
    expect(tagged.text).toBe(plain.text);
    expect(tagged.headers.etag).toBe(plain.headers.etag);
  });

  it('keeps inventory pages per filter and page, the query in any order, and renders an unknown filter value without keeping it', async () => {
    expect(await rendersOf(() => request(app).get('/inventory?brand=evolution&price=15000-25000').expect(200))).toBe(1);
    expect(await rendersOf(() => request(app).get('/inventory?price=15000-25000&brand=EVOLUTION&utm_source=x').expect(200))).toBe(0);
    expect(await rendersOf(() => request(app).get('/inventory?search=&brand=evolution&category=all&price=15000-25000').expect(200))).toBe(0);
    // Not a category the catalog offers: the page shows every category and is not kept under this query.
    expect(await rendersOf(() => request(app).get('/inventory?category=hovercraft').expect(200))).toBe(1);
    expect(await rendersOf(() => request(app).get('/inventory?category=hovercraft').expect(200))).toBe(1);
  });

  it('renders a page once for concurrent requests that miss', async () => {
    await importCatalog([{ ...cityEntry, price: 11996 }]);
    const renders = await rendersOf(() => Promise.all(Array.from({ length: 6 }, () => request(app).get('/rentals').expect(200))));
    expect(renders).toBe(1);
    await importCatalog([cityEntry]);
  });

  it('lets shared caches keep a page briefly while browsers revalidate, and keeps a page with what one visitor typed private', async () => {
    for (const path of ['/', '/inventory', '/inventory?brand=denago&page=1', '/no-such-page', '/contact']) {
      const response = await request(app).get(path);
      expect(response.headers['cache-control'], path).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=15');
    }
    for (const path of ['/inventory?search=rover', '/contact?interest=service&topic=brakes']) {
      const response = await request(app).get(path).expect(200);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
      // No cache keeps it, so nothing revalidates it: no tag is worked out over the whole page.
      expect(response.headers.etag, path).toBeUndefined();
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(response.text, path).toMatch(/^<!doctype html>[\s\S]*<\/html>\s*$/i);
    }
  });

  it('shows a price changed by a catalog import on the very next request, on the inventory and the model entry page', async () => {
    const vehicles = (await request(app).get('/api/vehicles').expect(200)).body as Array<{ id: string; slug: string }>;
    const detailPath = `/vehicle/${vehicles.find((vehicle) => vehicle.slug === 'denago-ev-city')!.id}`;
    await request(app).get(detailPath).expect(200);
    await request(app).get('/inventory').expect(200);
    expect(await rendersOf(() => request(app).get('/inventory').expect(200))).toBe(0);
    expect(cardOf((await request(app).get('/inventory').expect(200)).text, 'DENAGO EV City')).toContain('$11,995');

    await importCatalog([{ ...cityEntry, price: 12345 }]);
    let inventory!: request.Response;
    expect(await rendersOf(async () => (inventory = await request(app).get('/inventory').expect(200)))).toBe(1);
    const card = cardOf(inventory.text, 'DENAGO EV City');
    expect(card).toContain('$12,345');
    expect(card).not.toContain('$11,995');
    expect(textOf((await request(app).get(detailPath).expect(200)).text)).toContain('$12,345');
    await importCatalog([cityEntry]);
    expect(cardOf((await request(app).get('/inventory').expect(200)).text, 'DENAGO EV City')).toContain('$11,995');
  });

  it('answers a price changed by a catalog import from the vehicle API on the very next request', async () => {
    const priceOf = async () =>
      ((await request(app).get('/api/vehicles').expect(200)).body as Array<{ slug: string; price: number | null }>).find((vehicle) => vehicle.slug === 'denago-ev-city')!
        .price;
    expect(await priceOf()).toBe(11995);
    await importCatalog([{ ...cityEntry, price: 12345 }]);
    expect(await priceOf()).toBe(12345);
    await importCatalog([cityEntry]);
    expect(await priceOf()).toBe(11995);
  });

  it('shows a catalog change another process made once the version it read is a second old', async () => {
    const price = async () => cardOf((await request(app).get('/inventory').expect(200)).text, 'DENAGO EV City');
    clock.advance(1000);
    expect(await price()).toContain('$11,995');
    // Another process (the import command against the same database) writes the vehicle and bumps
    // the version in catalog_meta; this process hears nothing of it and finds out by reading.
    const { db } = mongoose.connection;
    await db!.collection('vehicles').updateOne({ slug: 'denago-ev-city' }, { $set: { price: 12346 } });
    await db!.collection('catalog_meta').updateOne({ _id: 'catalog' as never }, { $inc: { revision: 1 }, $set: { updatedAt: new Date() } }, { upsert: true });
    clock.advance(999);
    expect(await price()).toContain('$11,995');
    clock.advance(1);
    expect(await price()).toContain('$12,346');
    await importCatalog([cityEntry]);
  });

  it('drops a vehicle deleted from the catalog from the inventory on the next request', async () => {
    const before = (await request(app).get('/inventory').expect(200)).text;
    expect(cardOf(before, 'DENAGO EV City')).toBeDefined();
    expect(await rendersOf(() => request(app).get('/inventory').expect(200))).toBe(0);
    await VehicleCollection.deleteOne({ slug: 'denago-ev-city' }).exec();
    const after = (await request(app).get('/inventory').expect(200)).text;
    expect(cardOf(after, 'DENAGO EV City')).toBeUndefined();
    expect(after.split('<article').length).toBe(before.split('<article').length - 1);
    await importCatalog([cityEntry]);
  });

  it('sends the sitemap as kept until the catalog version changes: the same bytes and validator, 304 on a revisit, rebuilt after a catalog write', async () => {
    const first = await request(app)
      .get('/sitemap.xml')
      .expect(200)
      .expect('Content-Type', /application\/xml/);
    await request(app).get('/sitemap.xml').set('If-None-Match', first.headers.etag!).expect(304);
    // A vehicle written behind the catalog's back (no new version): the kept sitemap does not read the catalog again.
    const id = '00000000-0000-4000-8000-00000000beef';
    const probe = { id, slug: 'sitemap-probe', name: 'Probe', description: 'Probe', brand: 'denago', category: 'city', price: 1, images: [], specifications: {} };
    await mongoose.connection
      .db!.collection('vehicles')
      .insertOne({ ...probe, features: [], in_stock: true, is_new: true, createdAt: new Date(), updatedAt: new Date() });
    const kept = await request(app).get('/sitemap.xml').expect(200);
    expect(kept.text).toBe(first.text);
    expect(kept.headers.etag).toBe(first.headers.etag);
    // A write through the catalog moves its version: the next sitemap is built afresh and lists it.
    await VehicleCollection.updateOne({ id }, { $set: { name: 'Probe 2' } }).exec();
    const rebuilt = await request(app).get('/sitemap.xml').expect(200);
    expect(rebuilt.text).toContain(`/vehicle/${id}`);
    expect(rebuilt.headers.etag).not.toBe(first.headers.etag);
    await VehicleCollection.deleteOne({ id }).exec();
  });

  describe('pages holding what someone typed', () => {
    beforeEach(async () => {
      // The plain contact page is kept; what follows must not change it.
      await request(app).get('/contact').expect(200);
    });

    it('never sends a contact page prefilled from its link for another link, nor keeps it', async () => {
      const service = '/contact?interest=service&topic=Battery%20check';
      const parts = '/contact?interest=sales&topic=lift%20kits';
      const first = await request(app).get(service).expect(200);
      expect(messageOf(first.text)).toBe("I'd like to request battery check for my golf cart.");
      const other = await request(app).get(parts).expect(200);
      expect(messageOf(other.text)).toBe('I have a question about lift kits.');
      expect(other.text).not.toContain('Battery check');
      // Rendered for every request, even for the same link.
      expect(await rendersOf(() => request(app).get(service).expect(200))).toBe(1);

      let plain!: request.Response;
      expect(await rendersOf(async () => (plain = await request(app).get('/contact').expect(200)))).toBe(0);
      expect(messageOf(plain.text)).toBe('');
      expect(plain.text).not.toContain('Battery check');
      expect(plain.text).not.toContain('lift kits');
    });

    it('never keeps an inventory search', async () => {
      expect(await rendersOf(() => request(app).get('/inventory?search=maverick').expect(200))).toBe(1);
      expect(await rendersOf(() => request(app).get('/inventory?search=maverick').expect(200))).toBe(1);
    });

    it('never keeps nor sends again the form re-rendered after a refused submission without JavaScript', async () => {
      const typed = { ...VALID_INQUIRY, email: 'not-an-address' };
      const refused = await request(app).post('/contact').type('form').set('Origin', ORIGIN).send(typed).expect(400);
      expect(refused.headers['cache-control']).toBe('private, no-store');
      expect(refused.text).toContain(VALID_INQUIRY.message);
      expect(refused.text).toContain('not-an-address');

      let next!: request.Response;
      expect(await rendersOf(async () => (next = await request(app).get('/contact').expect(200)))).toBe(0);
      expect(messageOf(next.text)).toBe('');
      for (const value of [VALID_INQUIRY.firstName, 'not-an-address', VALID_INQUIRY.phone, VALID_INQUIRY.message]) expect(next.text).not.toContain(value);
      const again = await request(app)
        .post('/contact')
        .type('form')
        .set('Origin', ORIGIN)
        .send({ ...typed, message: 'Another question entirely.' })
        .expect(400);
      expect(again.text).toContain('Another question entirely.');
      expect(again.text).not.toContain(VALID_INQUIRY.message);
    });
  });
});

describe('the render cache during a database outage', () => {
  beforeAll(startSite);
  afterAll(async () => {
    await database?.close();
  });

  it('does not stand in for the catalog once its version cannot be read: the inventory says it cannot load, with its error status', async () => {
    await request(app).get('/inventory').expect(200);
    await request(app).get('/inventory').expect(200);
    await database.simulateOutage();
    // The version read a moment ago serves for a second at most.
    clock.advance(1000);
    const during = await request(app).get('/inventory');
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(textOf(during.text)).toContain('Failed to fetch vehicles');
  });
});
