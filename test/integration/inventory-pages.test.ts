import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { vehicleRepository } from '../../models/vehicle.repository';
import { generatedCatalog } from '../support/generated-catalog';
import { importCatalog } from '../../services/catalog-import.service';
import type { InventoryFilters } from '../../src/catalog/inventory-filters';
import { filterVehicles, sortVehicles, type FilterableVehicle } from '../support/inventory-oracle';
import { DEFAULT_INVENTORY_FILTERS } from '../../src/catalog/inventory-query';
import { elementHtml, jsonLd, linksOf, textOf } from '../support/page-html';
import { useTestApp } from '../support/test-app';

// The inventory of a catalog larger than a page: 100 vehicles (the shipped 23 and copies with
// their own names and prices), 24 a page, found by the database, in the catalog's order, with
// the filters and the page number in the address, and links between pages that work without
// JavaScript. The expected pages come from the oracle's filterVehicles and sortVehicles
// (test/support/inventory-oracle.ts, tested against docs/product.md#inventory-filters), applied to the whole catalog.

const SIZE = 100;
const PAGE = 24;
const ORIGIN = 'http://localhost:3000';

const catalog = generatedCatalog(SIZE) as unknown as Array<FilterableVehicle & { slug: string; inStock?: boolean }>;

/** The names a filtered page should show, in order. */
function expectedNames(filters: Partial<InventoryFilters>, page: number): string[] {
  const all = sortVehicles(filterVehicles(catalog, { ...DEFAULT_INVENTORY_FILTERS, ...filters }));
  return all.slice((page - 1) * PAGE, page * PAGE).map((vehicle) => vehicle.name);
}

function matchingCount(filters: Partial<InventoryFilters>): number {
  return filterVehicles(catalog, { ...DEFAULT_INVENTORY_FILTERS, ...filters }).length;
}

const resultsOf = (html: string) => elementHtml(html, /<ul [^>]*aria-labelledby="results-heading"/);
/** The names on the page's cards, in order. */
const cardNames = (html: string) => [...resultsOf(html).matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>/g)].map((match) => textOf(match[1]!));
const paginationOf = (html: string) => elementHtml(html, /<nav [^>]*aria-label="Inventory pages"/);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null;
const countText = (html: string) => textOf(elementHtml(html, /<p [^>]*data-testid="results-count"/));

const site = useTestApp({ SEED_CATALOG: false });
beforeAll(async () => {
  await importCatalog(catalog);
});

describe(`the inventory of ${SIZE} vehicles`, () => {
  it('shows the first 24 in the catalog order, says which they are, and links every other page', async () => {
    const { text } = await request(site.app).get('/inventory').expect(200);
    expect(cardNames(text)).toEqual(expectedNames({}, 1));
    expect(countText(text)).toBe(`Showing 1-24 of ${SIZE} total vehicles`);
    const pages = linksOf(paginationOf(text)).map((link) => [link.text, link.href]);
    expect(pages).toEqual([
      ['Page 2', '/inventory?page=2'],
      ['Page 3', '/inventory?page=3'],
      ['Page 4', '/inventory?page=4'],
      ['Page 5', '/inventory?page=5'],
      ['Next', '/inventory?page=2'],
    ]);
    expect(textOf(paginationOf(text))).toContain('Page 1');
    expect(paginationOf(text)).toContain('aria-current="page"');
  });

  it('gives each page its own canonical address and title, without rel=next/prev, and structured data of what it shows', async () => {
    const { text } = await request(site.app).get('/inventory?page=3').expect(200);
    expect(cardNames(text)).toEqual(expectedNames({}, 3));
    expect(canonicalOf(text)).toBe(`${ORIGIN}/inventory?page=3`);
    expect(text).toContain('<title>Golf Cart &amp; LSV Inventory, Page 3 | Shore Golf Carts</title>');
    expect(text).not.toMatch(/rel="(next|prev)"/);
    const list = jsonLd(text).find((entry) => entry['@type'] === 'ItemList') as { numberOfItems: number; url: string; itemListElement: Array<{ name: string }> };
    expect(list.url).toBe(`${ORIGIN}/inventory?page=3`);
    expect(list.itemListElement.map((item) => item.name)).toEqual(expectedNames({}, 3));
  });

  it("describes no list in a search's structured data: its results are one visitor's, its canonical address the whole inventory", async () => {
    const { text } = await request(site.app).get('/inventory?search=denago').expect(200);
    expect(cardNames(text).length).toBeGreaterThan(0);
    expect(canonicalOf(text)).toBe(`${ORIGIN}/inventory`);
    expect(jsonLd(text).map((entry) => entry['@type'])).not.toContain('ItemList');
    expect(jsonLd((await request(site.app).get('/inventory?brand=denago').expect(200)).text).map((entry) => entry['@type'])).toContain('ItemList');
  });

  it('shows the rest on the last page, and answers a page past the end 404 with a way back', async () => {
    const last = await request(site.app).get('/inventory?page=5').expect(200);
    expect(cardNames(last.text)).toEqual(expectedNames({}, 5));
    expect(cardNames(last.text)).toHaveLength(SIZE - 4 * PAGE);
    expect(linksOf(paginationOf(last.text)).map((link) => link.text)).not.toContain('Next');

    const beyond = await request(site.app).get('/inventory?page=6').expect(404);
    expect(beyond.text).toContain('<meta name="robots" content="noindex">');
    expect(linksOf(beyond.text)).toContainEqual(expect.objectContaining({ text: 'Go to the First Page', href: '/inventory' }));
  });

  it.each([
    [{ brand: 'evolution' as const }, 2],
    [{ brand: 'denago' as const, price: 'under-15000' as const }, 1],
    [{ category: 'rover' }, 1],
    [{ price: 'over-25000' as const }, 1],
    [{ search: 'lithium seats', brand: 'denago' as const }, 1],
    [{ search: 'Series 3' }, 1],
    // A text search: other English forms of a word count; a part of a word alone finds nothing.
    [{ search: 'seat' }, 1],
    [{ search: 'rov' }, 1],
    [{ category: 'forester', price: 'under-15000' as const }, 1],
  ])('filters %o in the database, page %i, with the page links keeping the filters', async (filters, page) => {
    const query = new URLSearchParams({ ...filters, ...(page > 1 ? { page: String(page) } : {}) }).toString();
    const { text } = await request(site.app).get(`/inventory?${query}`).expect(200);
    expect(cardNames(text)).toEqual(expectedNames(filters, page));
    const matching = matchingCount(filters);
    if (matching <= PAGE) expect(countText(text)).toBe(`Showing ${matching} of ${SIZE} total vehicles`);
    for (const link of linksOf(paginationOf(text))) {
      const params = new URL(link.href, ORIGIN).searchParams;
      for (const [name, value] of Object.entries(filters)) expect(params.get(name), link.href).toBe(value);
    }
  });

  it('answers the form without JavaScript, which sends every field, like the same filters from a link', async () => {
    const form = await request(site.app).get('/inventory?search=&brand=evolution&category=all&price=15000-25000').expect(200);
    const link = await request(site.app).get('/inventory?brand=evolution&price=15000-25000').expect(200);
    expect(cardNames(form.text)).toEqual(expectedNames({ brand: 'evolution', price: '15000-25000' }, 1));
    expect(form.text).toBe(link.text);
  });

  it('answers the same page as JSON for the browser, kept the same way', async () => {
    const { body } = await request(site.app).get('/api/inventory?brand=evolution&page=2').expect(200);
    expect(body.vehicles.map((vehicle: { name: string }) => vehicle.name)).toEqual(expectedNames({ brand: 'evolution' }, 2));
    expect(body).toMatchObject({ page: 2, matching: matchingCount({ brand: 'evolution' }), total: SIZE, filters: { brand: 'evolution' } });
    expect(Object.keys(body.vehicles[0]).sort()).toEqual(['brand', 'category', 'description', 'id', 'images', 'isNew', 'name', 'price', 'slug']);
  });

  it("answers a search's JSON compressed, for that visitor only, and 304 to the visitor who holds it", async () => {
    const searched = await request(site.app).get('/api/inventory?search=rover').set('Accept-Encoding', 'br').expect(200);
    expect(searched.headers['content-encoding']).toBe('br');
    expect(searched.headers['cache-control']).toBe('private, no-store');
    expect(Number(searched.headers['content-length'])).toBeLessThan(Buffer.byteLength(JSON.stringify(searched.body)) / 2);
    expect(searched.body.matching).toBeGreaterThan(0);
    const held = await request(site.app).get('/api/inventory?search=rover').set('If-None-Match', searched.headers.etag!).expect(304);
    expect(held.headers.etag).toBe(searched.headers.etag);
  });
});

describe('the filter choices', () => {
  it('are counted once per catalog version, not for every search or filtered page', async () => {
    const counted = vi.spyOn(vehicleRepository, 'heldChoices');
    try {
      await request(site.app).get('/inventory?search=rover').expect(200);
      await request(site.app).get('/inventory?search=city&brand=denago').expect(200);
      await request(site.app).get('/api/inventory?search=maverick').expect(200);
      expect(counted.mock.calls.length).toBeLessThanOrEqual(1);
      const before = counted.mock.calls.length;
      await importCatalog(
        generatedCatalog(SIZE)
          .slice(0, 1)
          .map((entry) => ({ ...entry, price: 4321 })),
      );
      await request(site.app).get('/inventory?search=rover').expect(200);
      expect(counted.mock.calls.length).toBe(before + 1);
    } finally {
      counted.mockRestore();
      await importCatalog(generatedCatalog(SIZE));
    }
  });
});

describe('queries longer than the filter form ever writes', () => {
  const longSearch = 'cart '.repeat(21);
  const padded = `brand=denago&${'x'.repeat(700)}=1`;

  it('refuses a search past the form’s 100 characters, or a padded query, with 400 and says why, on the page and the API alike', async () => {
    for (const query of [`search=${encodeURIComponent(longSearch)}`, padded]) {
      const page = await request(site.app).get(`/inventory?${query}`).expect(400);
      expect(page.text, query).toBe('That search is too long. Please shorten it and try again.');
      expect(page.headers['cache-control'], query).toBe('no-store');
      const api = await request(site.app).get(`/api/inventory?${query}`).expect(400);
      expect(api.body, query).toEqual({ error: 'That search is too long. Please shorten it and try again.' });
    }
  });

  it('still answers the longest search the form writes, with every filter beside it', async () => {
    // Nothing matches, so page 2 is past the end: 404, answered rather than refused.
    await request(site.app)
      .get(`/inventory?search=${encodeURIComponent('a'.repeat(100))}&brand=denago&category=rover&price=over-25000&condition=new&location=waretown&page=2`)
      .expect(404);
    await request(site.app)
      .get(`/inventory?search=${encodeURIComponent('a'.repeat(100))}`)
      .expect(200);
  });
});

describe('pages that stay small as the catalog grows', () => {
  it('the home page carries only its three featured carts and the count', async () => {
    const { text } = await request(site.app).get('/').expect(200);
    expect(textOf(text)).toContain(`See all ${SIZE} models`);
    const data = JSON.parse(/<script type="application\/json" id="router-hydration-data">(.*?)<\/script>/s.exec(text)![1]!) as { loaderData: Record<string, unknown> };
    const home = data.loaderData['home-page'] as { featured: unknown[]; total: number };
    expect(Object.keys(home).sort()).toEqual(['featured', 'total']);
    expect(home.featured).toHaveLength(3);
    const offers = jsonLd(text).find((entry) => entry['@type'] === 'OfferCatalog') as { itemListElement: unknown[] };
    expect(offers.itemListElement).toHaveLength(3);
  });

  it("carries each card's description as the card shows it, not the whole description no card shows", async () => {
    const { text } = await request(site.app).get('/inventory').expect(200);
    const data = JSON.parse(/<script type="application\/json" id="router-hydration-data">(.*?)<\/script>/s.exec(text)![1]!) as { loaderData: Record<string, unknown> };
    const { vehicles } = (data.loaderData['inventory-page'] as { vehicles: { vehicles: Array<{ slug: string; description: string }> } }).vehicles;
    const shown = [...resultsOf(text).matchAll(/<p class="mt-2 text-sm text-ink-600">([\s\S]*?)<\/p>/g)].map((match) => textOf(match[1]!));
    expect(vehicles).toHaveLength(PAGE);
    expect(vehicles.map((vehicle) => vehicle.description)).toEqual(shown);
    const whole = new Map(catalog.map((vehicle) => [vehicle.slug, (vehicle as unknown as { description: string }).description]));
    // Whole sentences, or the first one's words and an ellipsis: the start of the whole description.
    const isStartOfWhole = (vehicle: { slug: string; description: string }) => whole.get(vehicle.slug)!.startsWith(vehicle.description.replace(/…$/, ''));
    expect(vehicles.every((vehicle) => vehicle.description.length <= 140 && isStartOfWhole(vehicle))).toBe(true);
    expect(vehicles.some((vehicle) => whole.get(vehicle.slug)!.length > vehicle.description.length)).toBe(true);
  });

  it.each([
    ['evolution', 'EVOLUTION'],
    ['denago', 'DENAGO'],
  ] as const)('the %s page shows its first 24 and links to the rest in the inventory', async (brand, label) => {
    const { text } = await request(site.app).get(`/${brand}`).expect(200);
    const total = matchingCount({ brand });
    expect(total).toBeGreaterThan(PAGE);
    const grid = elementHtml(text, new RegExp(`<section [^>]*id="${brand === 'evolution' ? 'evolution-inventory' : 'models'}"`));
    expect([...grid.matchAll(/<article\b/g)]).toHaveLength(PAGE);
    expect(linksOf(grid)).toContainEqual(expect.objectContaining({ text: `See all ${total} ${label} vehicles`, href: `/inventory?brand=${brand}` }));
  });

  it('prices the EVOLUTION featured models from all their vehicles, not only the ones the grid shows', async () => {
    const { text } = await request(site.app).get('/evolution').expect(200);
    const featured = textOf(elementHtml(text, /<section [^>]*id="featured-models"/));
    expect(featured).toContain('Starting at $17,995');
  });

  it('the inventory page weighs what 24 cards weigh, not what the catalog does', async () => {
    const { text } = await request(site.app).get('/inventory').expect(200);
    expect(Buffer.byteLength(text)).toBeLessThan(120 * 1024);
  });
});
