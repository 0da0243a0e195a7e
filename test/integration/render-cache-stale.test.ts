import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Stale-while-revalidate inside the process (src/ssr/render-cache.server.ts, decision 018): when
// the clock ends a page's generation, the page of a moment ago is sent while it is rendered again
// in the background; after a write, every request waits for the page with the change. A gate holds
// the renderer, so that "sent without waiting for the render" is what lets a request finish at all.

const fromRoot = (file: string) => fileURLToPath(new URL(`../../${file}`, import.meta.url));
// A Monday, ten seconds before the showrooms open (the business file's hours, New Jersey time).
const clock = testClock(new Date('2026-11-23T08:59:50-05:00'));

let database: TestDatabase;
let app: Express;
let renders = 0;
let gate: Promise<void> | undefined;
let openGate = () => {};

/** Holds every render until `openGate()`. */
function closeGate(): void {
  gate = new Promise((resolve) => {
    openGate = () => {
      gate = undefined;
      resolve();
    };
  });
}

function gatedRenderer(renderer: PageRenderer): PageRenderer {
  return {
    ...renderer,
    async render(pageRequest, context) {
      renders += 1;
      await gate;
      return renderer.render(pageRequest, context);
    },
  };
}

/** Until `check` holds, letting the server's background work run (no clock involved). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

const cityEntry = (shippedCatalog as Array<Record<string, unknown> & { slug: string }>).find((entry) => entry.slug === 'denago-ev-city')!;
const cityCard = (html: string) => {
  const card = html.split('<article').find((piece) => piece.includes('>DENAGO EV City</a>'));
  return card === undefined ? undefined : textOf(`<article${card.split('</article>')[0]}`);
};

describe('the render cache when a generation ends', () => {
  beforeAll(async () => {
    database = await startTestDatabase({ seedCatalog: true });
    const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
    ({ app } = composeSite({
      env,
      business: loadBusinessFile(undefined),
      logger: createLogger(env),
      clock: clock.now,
      pages: gatedRenderer(fileTemplateRenderer(fromRoot('index.html'), renderPage)),
      staffPages: fileTemplateRenderer(fromRoot('staff.html'), renderStaffPage),
      isDatabaseReady: () => database.isReady(),
      staticDir: fromRoot('public'),
    }));
  });
  afterAll(async () => {
    openGate();
    await database?.close();
  });

  it('sends the page of a moment ago when the showrooms open, renders it again in the background, then sends the new one', async () => {
    const before = await request(app).get('/contact').expect(200);
    expect(textOf(before.text)).toContain('Closed now');

    clock.set(new Date('2026-11-23T09:00:01-05:00'));
    closeGate();
    const rendersBefore = renders;
    // The render waits at the gate: this request can only finish if it did not wait for it.
    const during = await request(app).get('/contact').expect(200);
    expect(during.headers.etag).toBe(before.headers.etag);
    expect(during.text).toBe(before.text);
    expect(during.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=15');
    // Asked for again meanwhile: still the page of a moment ago, and no second render.
    expect((await request(app).get('/contact').expect(200)).headers.etag).toBe(before.headers.etag);
    expect(renders - rendersBefore).toBe(1);

    openGate();
    await eventually(async () => (await request(app).get('/contact')).headers.etag !== before.headers.etag);
    const after = await request(app).get('/contact').expect(200);
    expect(textOf(after.text)).toContain('Open now');
    expect(renders - rendersBefore).toBe(1);
  });

  it('renders, and waits for, a page whose generation was last used longer ago than 15 s: a quiet evening is no moment ago', async () => {
    clock.set(new Date('2026-11-23T10:30:00-05:00'));
    expect(textOf((await request(app).get('/showroom').expect(200)).text)).toContain('Open now');
    // Nobody asks for anything until after closing time.
    clock.set(new Date('2026-11-23T17:30:00-05:00'));
    const rendersBefore = renders;
    const showroom = await request(app).get('/showroom').expect(200);
    expect(renders - rendersBefore).toBe(1);
    expect(textOf(showroom.text)).toContain('Closed now');
  });

  it('makes every request after a price change wait for the page with the new price, rendered once', async () => {
    const before = await request(app).get('/inventory').expect(200);
    expect(cityCard(before.text)).toContain('$11,995');

    await importCatalog([{ ...cityEntry, price: 12345 }]);
    closeGate();
    const rendersBefore = renders;
    let settled = 0;
    const ask = () =>
      request(app)
        .get('/inventory')
        .expect(200)
        .then((response) => {
          settled += 1;
          return response;
        });
    const first = ask();
    await eventually(async () => renders > rendersBefore);
    const second = ask();
    // Both wait at the gate with the one render: neither gets the page of a moment ago, which would
    // have been sent long before the server has answered five more requests that render nothing.
    for (let n = 0; n < 5; n += 1) await request(app).get('/healthz').expect(200);
    expect(settled).toBe(0);

    openGate();
    for (const response of await Promise.all([first, second])) expect(cityCard(response.text)).toContain('$12,345');
    expect(renders - rendersBefore).toBe(1);
    await importCatalog([cityEntry]);
  });
});
