import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Vehicle } from '../../models/vehicle.model';
import { createCatalogService } from '../../services/catalog.service';
import { importCatalog } from '../../services/catalog-import.service';
import shippedCatalog from '../../seeds/catalog.json';
import { createApp } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { loadBusinessFile } from '../../src/config/load-business-file';
import { createLogger } from '../../src/logger';
import { fileTemplateRenderer, type PageRenderer } from '../../src/ssr/page-renderer';
import { renderPage } from '../../src/ssr/render-page';
import { textOf } from '../support/page-html';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

// The site as src/start-server.ts wires it, with the renderer counting its renders: a request
// answered without a render was answered from the render cache.

const ORIGIN = 'http://localhost:3000';
const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));

let database: TestDatabase;
let app: Express;
const rendered: string[] = [];

async function startSite(): Promise<void> {
  database = await startTestDatabase({ seedCatalog: true });
  const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CONTACT_RATE_LIMIT: '1000' });
  const renderer = fileTemplateRenderer(fromRoot('index.html'), renderPage);
  const counting: PageRenderer = {
    ...renderer,
    render(pageRequest, context, nonce) {
      const url = new URL(pageRequest.url);
      rendered.push(url.pathname + url.search);
      return renderer.render(pageRequest, context, nonce);
    },
  };
  app = createApp({
    env,
    business: loadBusinessFile(undefined),
    logger: createLogger(env),
    catalog: createCatalogService(),
    pages: counting,
    isDatabaseReady: () => database.isReady(),
    staticDir: fromRoot('public'),
  });
}

/** How many renders a request caused. */
async function rendersOf(send: () => PromiseLike<unknown>): Promise<number> {
  const before = rendered.length;
  await send();
  return rendered.length - before;
}

/** The nonce the response's policy allows scripts with, and every nonce its HTML carries. */
function nonces(response: request.Response) {
  const policy = String(response.headers['content-security-policy']);
  return {
    policy: /'nonce-([^']+)'/.exec(policy)?.[1],
    html: [...response.text.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]),
  };
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

  it('sends a page asked for again without rendering it again, with a nonce of its own that its policy allows', async () => {
    let first!: request.Response;
    let second!: request.Response;
    expect(await rendersOf(async () => (first = await request(app).get('/vehicles/denago-ev-city').expect(200)))).toBe(1);
    expect(await rendersOf(async () => (second = await request(app).get('/vehicles/denago-ev-city').expect(200)))).toBe(0);

    for (const response of [first, second]) {
      const { policy, html } = nonces(response);
      expect(policy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(html.length).toBeGreaterThan(0);
      expect(new Set(html)).toEqual(new Set([policy]));
    }
    expect(nonces(second).policy).not.toBe(nonces(first).policy);
    // Apart from the nonce, the very same document and validator.
    expect(second.text.replaceAll(nonces(second).policy!, 'N')).toBe(first.text.replaceAll(nonces(first).policy!, 'N'));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revisit with a current copy 304 from the cache, without a policy for a page it does not send', async () => {
    const { headers } = await request(app).get('/about').expect(200);
    let revisit!: request.Response;
    expect(await rendersOf(async () => (revisit = await request(app).get('/about').set('If-None-Match', headers.etag!).expect(304)))).toBe(0);
    expect(revisit.headers['content-security-policy']).toBeUndefined();
  });

  it('keeps the not-found page with its 404 status', async () => {
    await request(app).get('/no-such-page').expect(404);
    let again!: request.Response;
    expect(await rendersOf(async () => (again = await request(app).get('/no-such-page').expect(404)))).toBe(0);
    expect(textOf(again.text)).toContain('Page Not Found');
  });

  it('keeps a page per query string: another query is rendered anew, the same parameters in another order are not', async () => {
    expect(await rendersOf(() => request(app).get('/about?utm_source=flyer&utm_medium=print').expect(200))).toBe(1);
    expect(await rendersOf(() => request(app).get('/about?utm_medium=print&utm_source=flyer').expect(200))).toBe(0);
    expect(await rendersOf(() => request(app).get('/about?utm_source=radio&utm_medium=print').expect(200))).toBe(1);
  });

  it('shows a price changed by a catalogue import on the very next request, on the inventory and the detail page', async () => {
    const vehicles = (await request(app).get('/api/vehicles').expect(200)).body as Array<{ id: string; slug: string }>;
    const detailPath = `/vehicle/${vehicles.find((vehicle) => vehicle.slug === 'denago-ev-city')!.id}`;
    for (const path of ['/inventory', detailPath]) {
      await request(app).get(path).expect(200);
      expect(await rendersOf(() => request(app).get(path).expect(200))).toBe(0);
    }
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

  it('answers a price changed by a catalogue import from the vehicle API on the very next request', async () => {
    const priceOf = async () => ((await request(app).get('/api/vehicles').expect(200)).body as Array<{ slug: string; price: number | null }>).find((vehicle) => vehicle.slug === 'denago-ev-city')!.price;
    expect(await priceOf()).toBe(11995);
    await importCatalog([{ ...cityEntry, price: 12345 }]);
    expect(await priceOf()).toBe(12345);
    await importCatalog([cityEntry]);
    expect(await priceOf()).toBe(11995);
  });

  it('drops a vehicle deleted from the catalogue from the inventory on the next request', async () => {
    const before = (await request(app).get('/inventory').expect(200)).text;
    expect(cardOf(before, 'DENAGO EV City')).toBeDefined();
    expect(await rendersOf(() => request(app).get('/inventory').expect(200))).toBe(0);
    await Vehicle.deleteOne({ slug: 'denago-ev-city' }).exec();
    const after = (await request(app).get('/inventory').expect(200)).text;
    expect(cardOf(after, 'DENAGO EV City')).toBeUndefined();
    expect(after.split('<article').length).toBe(before.split('<article').length - 1);
    await importCatalog([cityEntry]);
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
      const typed = { firstName: 'Dana', lastName: 'Shore', email: 'not-an-address', phone: '(609) 555-0199', interest: 'sales', message: 'Is the blue EV City still on the lot?' };
      const refused = await request(app).post('/contact').type('form').set('Origin', ORIGIN).send(typed).expect(400);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.text).toContain('Is the blue EV City still on the lot?');
      expect(refused.text).toContain('not-an-address');

      let next!: request.Response;
      expect(await rendersOf(async () => (next = await request(app).get('/contact').expect(200)))).toBe(0);
      expect(messageOf(next.text)).toBe('');
      for (const value of ['Dana', 'not-an-address', '555-0199', 'Is the blue EV City']) expect(next.text).not.toContain(value);
      const again = await request(app).post('/contact').type('form').set('Origin', ORIGIN).send({ ...typed, message: 'Another question entirely.' }).expect(400);
      expect(again.text).toContain('Another question entirely.');
      expect(again.text).not.toContain('Is the blue EV City');
    });
  });
});

describe('the render cache during a database outage', () => {
  beforeAll(startSite);
  afterAll(async () => {
    await database?.close();
  });

  it('does not stand in for the catalogue: the inventory says it cannot load, with its error status', async () => {
    await request(app).get('/inventory').expect(200);
    await request(app).get('/inventory').expect(200);
    await database.simulateOutage();
    const during = await request(app).get('/inventory');
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(textOf(during.text)).toContain('Failed to fetch vehicles');
  });
});
