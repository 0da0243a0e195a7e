import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedCatalog } from '../support/generated-catalog';
import { importCatalog } from '../../services/catalog-import.service';
import { importFeed } from '../../services/feed-import.service';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';
import { VALID_INQUIRY } from '../support/fixtures';

/**
 * Every page a visitor can get passes the Nu HTML Checker with zero errors. The pages are rendered
 * into the production build's template (hashed asset links, modulepreload tags), as served, and
 * checked in one run of the checker: its Java start-up is the slow part.
 */

const ORIGIN = 'https://www.shoregolfcarts.test';
const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const BUILT_TEMPLATE = path.resolve('dist/client/index.html');

interface CheckedPage {
  label: string;
  status: number;
  html: string;
  file: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** States of pages that no sitemap lists: filters, failures and prefilled or refused forms. */
const STATES: Array<{ label: string; path: string; status: number }> = [
  { label: 'filtered inventory', path: '/inventory?brand=denago&category=city', status: 200 },
  { label: 'inventory search', path: '/inventory?search=rover', status: 200 },
  { label: 'empty inventory', path: '/inventory?category=forester&price=under-15000', status: 200 },
  { label: 'contact prefilled for a rental', path: '/contact?interest=general&topic=rental&plan=6-seater-weekly', status: 200 },
  { label: 'contact prefilled for a vehicle', path: '/contact?interest=sales&vehicle=denago-ev-city', status: 200 },
  { label: 'thank-you', path: '/thank-you', status: 200 },
  { label: 'vehicle not found (not an id)', path: '/vehicle/not-a-uuid', status: 404 },
  { label: 'vehicle not found (unknown id)', path: '/vehicle/2f1c7e1a-3b4d-4c5e-8f90-123456789abc', status: 404 },
  { label: 'model not found', path: '/vehicles/no-such-model', status: 404 },
  { label: 'page not found', path: '/no-such-page', status: 404 },
];

/**
 * Where the checker is behind the HTML standard, one message at a time, each only for the markup
 * it names. `<link rel="expect" href="#…" blocking="render">` (index.html: the first paint waits
 * for the page's content) is in the standard (https://html.spec.whatwg.org/multipage/links.html#link-type-expect)
 * and in Chromium since 124; vnu 26.9 still allows `blocking` on stylesheet links only.
 */
const CHECKER_BEHIND_THE_STANDARD = [
  {
    message: 'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.',
    markup: '<link rel="expect" href="#notifications" blocking="render" />',
  },
];

/** A document with one known error, so a checker that checks nothing cannot pass the test. */
const CONTROL_DOCUMENT = '<!doctype html><html lang="en"><head><title>Control</title></head><body><div aria-label="x">x</div></body></html>';

let site: TestApp;
let folder: string;
const pages: CheckedPage[] = [];
let messages: VnuMessage[] = [];
let controlFile: string;

async function render(label: string, pathAndQuery: string): Promise<CheckedPage> {
  const response = await request(site.app).get(pathAndQuery);
  return { label: `${label} ${pathAndQuery}`.trim(), status: response.status, html: response.text, file: '' };
}

/** Runs the renders a few at a time: the database waits overlap, the order is kept. */
async function renderAll(list: Array<[label: string, pathAndQuery: string]>): Promise<CheckedPage[]> {
  const rendered: CheckedPage[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < list.length; index = next++) rendered[index] = await render(...list[index]!);
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return rendered;
}

beforeAll(async () => {
  expect(existsSync(BUILT_TEMPLATE), 'run npm run build first: the pages are checked in the built template').toBe(true);
  folder = await mkdtemp(path.join(tmpdir(), 'html-validity-'));
  site = await startTestApp({ PUBLIC_ORIGIN: ORIGIN, DATA_DIR: path.join(folder, 'data') }, { builtTemplate: true });

  const sitemap = await request(site.app).get('/sitemap.xml').expect(200);
  const vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as Array<{ id: string }>;
  pages.push(
    ...(await renderAll([
      // Every indexable page, as the sitemap lists it.
      ...[...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]): [string, string] => ['', new URL(url!).pathname + new URL(url!).search]),
      // Every model entry's page (canonical to its model page, so not in the sitemap).
      ...vehicles.map(({ id }): [string, string] => ['model entry', `/vehicle/${id}`]),
      ...STATES.map((state): [string, string] => [state.label, state.path]),
    ])),
  );

  // The no-JavaScript contact form refused by the server comes back with the messages by the fields.
  const refused = await request(site.app)
    .post('/contact')
    .set('Origin', ORIGIN)
    .type('form')
    .send({ ...VALID_INQUIRY, email: 'jane@', phone: '555', message: 'Hi' });
  pages.push({ label: 'contact refused without JavaScript (POST /contact)', status: refused.status, html: refused.text, file: '' });

  // The dealer's units: for sale with photos, held without photos, the inventory's filters for
  // them, and a sold one's 410 page with similar carts.
  await writeTestFeedPhotos(folder);
  const feedOptions = { full: true, locations: site.business.showrooms.map((showroom) => showroom.id), photosDir: path.join(folder, 'data', 'photos') };
  const { onward, emerge, rxv } = TEST_FEED_ROWS;
  await importFeed(await writeTestFeed(folder, 'feed.csv', onward, emerge, rxv), feedOptions);
  await importFeed(await writeTestFeed(folder, 'without-emerge.csv', onward, rxv), feedOptions);
  pages.push(
    ...(await renderAll([
      ['unit for sale', '/inventory/2021-club-car-onward-4-passenger-t100'],
      ['unit held, without photos', '/inventory/2020-e-z-go-rxv-elite-2-passenger-t300'],
      ['unit sold', '/inventory/2022-tomberlin-emerge-e4-t200'],
      ['inventory with units, filtered', '/inventory?condition=used&location=waretown'],
      ['contact prefilled for a unit', '/contact?interest=sales&topic=availability&vehicle=2021-club-car-onward-4-passenger-t100'],
    ])),
  );

  // An inventory longer than a page: the page links, a middle page, a page past the end.
  await importCatalog(generatedCatalog(80));
  pages.push(
    ...(await renderAll([
      ['inventory of 80, first page', '/inventory'],
      ['inventory of 80, a middle page', '/inventory?page=2'],
      ['inventory of 80, filtered, second page', '/inventory?brand=evolution&page=2'],
      ['inventory of 80, past the end', '/inventory?page=9'],
    ])),
  );

  await Promise.all(
    pages.map(async (page, index) => {
      page.file = path.join(folder, `page-${String(index).padStart(3, '0')}.html`);
      await writeFile(page.file, page.html);
    }),
  );
  controlFile = path.join(folder, 'control.html');
  await writeFile(controlFile, CONTROL_DOCUMENT);

  const { stdout } = await promisify(execFile)(
    'java',
    // C1 only starts faster for a run this short; the checker's schema needs a deep stack.
    [
      '-Xss16m',
      '-XX:TieredStopAtLevel=1',
      '-jar',
      VNU_JAR,
      '--format',
      'json',
      '--stdout',
      '--exit-zero-always',
      '--no-langdetect',
      ...pages.map((page) => page.file),
      controlFile,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}, 120_000);

afterAll(async () => {
  await site?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const isError = (message: VnuMessage) => message.type === 'error' || message.type === 'non-document-error';
/** The checked file a message is about (the checker writes file:/path). */
const fileOf = (message: VnuMessage) => (message.url ? fileURLToPath(message.url) : undefined);

describe('HTML validity (Nu HTML Checker)', () => {
  it('renders every page type, in the built template, with the status a visitor gets', () => {
    const statusOf = (label: string) => pages.find((page) => page.label === label)?.status;
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.filter((page) => page.status >= 500).map((page) => page.label)).toEqual([]);
    for (const state of STATES) expect(statusOf(`${state.label} ${state.path}`), state.path).toBe(state.status);
    expect(statusOf('contact refused without JavaScript (POST /contact)')).toBe(400);
    expect(statusOf('inventory of 80, a middle page /inventory?page=2')).toBe(200);
    expect(statusOf('inventory of 80, past the end /inventory?page=9')).toBe(404);
    expect(pages.find((page) => page.label === 'inventory of 80, first page /inventory')!.html).toContain('aria-label="Inventory pages"');
    for (const path of [
      '/',
      '/inventory',
      '/vehicles/denago-ev-city',
      '/denago',
      '/evolution',
      '/toms-river-township-golf-carts',
      '/contact',
      '/rentals',
      '/about',
      '/showroom',
      '/services',
      '/privacy',
      '/terms',
    ]) {
      expect(statusOf(path), path).toBe(200);
    }
    expect(pages.filter((page) => page.label.startsWith('model entry ') && page.status === 200)).toHaveLength(23);
    expect(statusOf('unit for sale /inventory/2021-club-car-onward-4-passenger-t100')).toBe(200);
    expect(pages.find((page) => page.label.startsWith('unit for sale'))!.html).toContain('<picture>');
    expect(statusOf('unit sold /inventory/2022-tomberlin-emerge-e4-t200')).toBe(410);
    expect(pages.find((page) => page.label.startsWith('contact refused'))!.html).toMatch(/aria-invalid="true"/);
    // What visitors get: the hashed entry and its preloads, not the source index.html's links.
    for (const page of pages) {
      expect(page.html, page.label).toMatch(/<script type="module" crossorigin [^>]*src="\/assets\/index-[\w-]+\.js"><\/script>/);
      expect(page.html, page.label).not.toContain('/views/entry-client.tsx');
    }
    // The framework chunk, which the entry imports, is preloaded beside the page's own chunk.
    for (const page of pages) expect(page.html, page.label).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/framework-[\w-]+\.js">/);
    expect(pages.find((page) => page.label === '/inventory')!.html).toMatch(/<link rel="modulepreload"[^>]*href="\/assets\/inventory-page-[\w-]+\.js">/);
  });

  it('the checker ran over the pages and reports a known error', () => {
    expect(messages.filter((message) => fileOf(message) === controlFile && isError(message)).map((message) => message.message)).toEqual([
      expect.stringContaining('“aria-label” attribute must not be specified on any “div” element'),
    ]);
  });

  it('every page has zero errors', () => {
    const byFile = new Map(pages.map((page) => [page.file, page.label]));
    const errors: Record<string, string[]> = {};
    for (const message of messages) {
      const file = fileOf(message);
      if (!isError(message) || file === controlFile) continue;
      if (CHECKER_BEHIND_THE_STANDARD.some((gap) => message.message === gap.message && message.extract?.includes(gap.markup))) continue;
      const page = (file && byFile.get(file)) ?? file ?? 'the checker';
      (errors[page] ??= []).push(`line ${message.lastLine ?? '?'}: ${message.message}${message.extract ? ` [${message.extract.trim()}]` : ''}`);
    }
    expect(errors).toEqual({});
  });
});
