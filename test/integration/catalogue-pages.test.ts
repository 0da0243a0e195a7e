import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../services/catalog-import.service';
import shippedCatalog from '../../seeds/catalog.json';
import { useTestApp } from '../support/test-app';

interface VehicleJson {
  id: string;
  slug: string;
  name: string;
}

/** The page at `path`, which must answer 200. */
async function pageHtml(app: Express, path: string): Promise<string> {
  return (await request(app).get(path).expect(200)).text;
}

/** The page's visible text, tags removed and entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** Every JSON-LD block of the page, parsed: a block that does not parse fails the test. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

function jsonLdOfType(html: string, type: string): Record<string, unknown> {
  const found = jsonLdOf(html).find((entry) => entry['@type'] === type);
  if (!found) throw new Error(`no ${type} JSON-LD`);
  return found;
}

function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1] ?? null;
}

/** The cards of the inventory's result grid, as the links they point to. */
function resultLinks(html: string): string[] {
  const grid = /<ul[^>]*aria-labelledby="results-heading"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...grid.matchAll(/<article[\s\S]*?<a[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
}

function selectedOption(html: string, selectName: string): string | undefined {
  const select = new RegExp(`<select[^>]*name="${selectName}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '';
  return /<option value="([^"]*)" selected="">/.exec(select)?.[1];
}

describe('catalog pages with the shipped catalog', () => {
  const site = useTestApp();
  let vehicles: VehicleJson[];
  const origin = () => site.env.PUBLIC_ORIGIN;
  const idOf = (slug: string) => vehicles.find((vehicle) => vehicle.slug === slug)!.id;

  beforeAll(async () => {
    vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as VehicleJson[];
  });

  describe('GET /inventory', () => {
    it('server-renders all 23 vehicles, each card linking to its model page', async () => {
      const response = await request(site.app).get('/inventory').expect(200);
      const links = resultLinks(response.text);
      expect(links).toHaveLength(23);
      expect(links).toContain('/vehicles/denago-ev-city');
      expect(links).toContain('/vehicles/evolution-d5-maverick-4-plus');
      expect(links).toContain('/vehicles/evolution-turfman-1000');
      expect(links.every((link) => /^\/vehicles\/[a-z0-9-]+$/.test(link))).toBe(true);
      const text = textOf(response.text);
      expect(text).toContain('Showing 23 of 23 total vehicles');
      expect(text).toContain('DENAGO EV City');
      expect(text).toContain('$11,995');
      expect(text).toContain('Contact for Pricing');
      expect(text.match(/\bNEW\b/g)?.length).toBeGreaterThanOrEqual(23);
      expect(response.text).not.toContain('data-testid="vehicle-skeleton"');
    });

    it('renders the filters as a GET form to /inventory with labelled controls and a submit button', async () => {
      const html = await pageHtml(site.app, '/inventory');
      const form = /<form[^>]*>/.exec(html.slice(html.indexOf('<main')))![0];
      expect(form).toContain('method="get"');
      expect(form).toContain('action="/inventory"');
      for (const name of ['search', 'brand', 'category', 'price']) {
        const id = `inventory-${name}`;
        expect(html).toContain(`for="${id}"`);
        expect(html).toMatch(new RegExp(`id="${id}"[^>]*name="${name}"|name="${name}"[^>]*id="${id}"`));
      }
      expect(html).toMatch(/<button type="submit"/);
    });

    it("offers the spec's five categories first, then the catalog's other categories", async () => {
      const html = await pageHtml(site.app, '/inventory');
      const select = /<select[^>]*name="category"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!;
      const values = [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
      expect(values).toEqual(['all', 'ranger', 'maverick', 'forester', 'turfman', 'rover', 'carrier', 'city', 'classic', 'd6-max', 'nomad']);
    });

    it('filters on the server from the query string: DENAGO under $15,000 is the EV City alone', async () => {
      const response = await request(site.app).get('/inventory?brand=denago&price=under-15000').expect(200);
      expect(resultLinks(response.text)).toEqual(['/vehicles/denago-ev-city']);
      expect(textOf(response.text)).toContain('Showing 1 of 23 total vehicles');
      expect(selectedOption(response.text, 'brand')).toBe('denago');
      expect(selectedOption(response.text, 'price')).toBe('under-15000');
    });

    it('searches names and descriptions without regard to case', async () => {
      const response = await request(site.app).get('/inventory?search=ROVER').expect(200);
      // The catalog's order: priced models by price, unpriced ones last.
      expect(resultLinks(response.text)).toEqual(['/vehicles/denago-ev-rover-xl6', '/vehicles/denago-ev-rover-xxl', '/vehicles/denago-ev-rover-xl']);
      expect(response.text).toMatch(/name="search"[^>]*value="ROVER"|value="ROVER"[^>]*name="search"/);
    });

    it('includes both ends of the $15,000 - $25,000 range and leaves unpriced models out', async () => {
      const response = await request(site.app).get('/inventory?brand=denago&price=15000-25000').expect(200);
      expect(resultLinks(response.text)).toEqual(['/vehicles/denago-ev-nomad-xl', '/vehicles/denago-ev-rover-xl6', '/vehicles/denago-ev-rover-xxl']);
    });

    it('reads what the no-JavaScript form sends, every field included', async () => {
      const response = await request(site.app).get('/inventory?search=&brand=evolution&category=turfman&price=all').expect(200);
      expect(resultLinks(response.text)).toEqual(['/vehicles/evolution-turfman-1000']);
    });

    it('shows the empty-filter view with a Clear All Filters link when nothing matches', async () => {
      const response = await request(site.app).get('/inventory?category=forester&price=under-15000').expect(200);
      const text = textOf(response.text);
      expect(text).toContain('No vehicles match your current filters.');
      expect(text).toContain('Showing 0 of 23 total vehicles');
      expect(response.text).toMatch(/<a[^>]*href="\/inventory"[^>]*>Clear All Filters<\/a>/);
      expect(resultLinks(response.text)).toEqual([]);
    });

    it('shows everything for unknown filter values instead of failing', async () => {
      const response = await request(site.app).get('/inventory?brand=clubcar&price=cheap&category=%3Cscript%3E').expect(200);
      expect(resultLinks(response.text)).toHaveLength(23);
    });

    it('answers the WebSite SearchAction target /inventory?search=...', async () => {
      const response = await request(site.app).get('/inventory?search=street-legal').expect(200);
      expect(resultLinks(response.text)).toContain('/vehicles/denago-ev-city');
    });

    it('has its title, description, its own canonical and an ItemList of the vehicles it shows', async () => {
      const html = await pageHtml(site.app, '/inventory');
      expect(html).toMatch(/<title>[^<]*Inventory[^<]*<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+">/);
      expect(canonicalOf(html)).toBe(`${origin()}/inventory`);
      // The models only: the house brands (with used units of other brands, unit-pages.test.ts).
      expect(textOf(/<div class="mb-4 [^"]*">([\s\S]*?)<\/div>\s*<h1/.exec(html)?.[1] ?? '').trim()).toBe('DENAGO · EVOLUTION');
      expect(html).not.toMatch(/rel="(next|prev)"/);
      const list = jsonLdOfType(html, 'ItemList');
      expect(list.numberOfItems).toBe(23);
      const items = list.itemListElement as Array<{ position: number; url: string; name: string }>;
      expect(items).toHaveLength(23);
      expect(items[0]!.position).toBe(1);
      expect(items.map((item) => item.url)).toContain(`${origin()}/vehicles/denago-ev-city`);
    });

    it('gives a filtered list its own canonical, without the search, and lists only what it shows', async () => {
      const html = await pageHtml(site.app, '/inventory?brand=DENAGO&category=city&utm_source=mail');
      expect(canonicalOf(html)).toBe(`${origin()}/inventory?brand=denago&amp;category=city`);
      const list = jsonLdOfType(html, 'ItemList');
      expect((list.itemListElement as Array<{ url: string }>).map((item) => item.url)).toEqual([`${origin()}/vehicles/denago-ev-city`]);
      // A search within it is one visitor's: the filtered list's address, and no list that is not that address's.
      const searched = await pageHtml(site.app, '/inventory?search=city&brand=DENAGO');
      expect(canonicalOf(searched)).toBe(`${origin()}/inventory?brand=denago`);
      expect(searched).not.toContain('"ItemList"');
    });
  });

  describe('GET /vehicle/:id', () => {
    it('renders a priced vehicle: badge, name, price, seats, brand, buttons, features and every specification', async () => {
      const response = await request(site.app)
        .get(`/vehicle/${idOf('denago-ev-city')}`)
        .expect(200);
      const text = textOf(response.text);
      expect(response.text).toMatch(/<h1[^>]*>DENAGO EV City<\/h1>/);
      for (const part of ['NEW', '$11,995', '4 passengers', 'DENAGO', 'Schedule Test Drive', 'Get Financing Quote', 'Features', '900 lb payload', 'Specifications']) {
        expect(text).toContain(part);
      }
      for (const specification of [
        'Top Speed 25 mph',
        'Range 40-50 mi',
        'Seating Capacity 4 passengers',
        'Battery Lithium-ion',
        'Charging Port 110V',
        'Payload Capacity 900 lbs',
        'Street Legal NEV certified for roads up to 35 mph',
      ]) {
        expect(text).toContain(specification);
      }
      for (const part of ['Interested in this vehicle?', 'Contact Sales Team', 'View More Vehicles']) expect(text).toContain(part);
      expect(response.text).toMatch(/<a[^>]*href="\/inventory"[^>]*>[\s\S]*?Back to Inventory/);
      expect(response.text).toMatch(/href="\/contact\?interest=sales&amp;topic=test\+drive&amp;vehicle=denago-ev-city"/);
    });

    it('points its canonical link at the model page and describes the vehicle as a Product with an Offer and a breadcrumb', async () => {
      const html = await pageHtml(site.app, `/vehicle/${idOf('denago-ev-city')}`);
      expect(canonicalOf(html)).toBe(`${origin()}/vehicles/denago-ev-city`);
      const product = jsonLdOfType(html, 'Product');
      expect(product.name).toBe('DENAGO EV City');
      expect(product.offers).toMatchObject({ '@type': 'Offer', price: 11995, priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
      const breadcrumb = jsonLdOfType(html, 'BreadcrumbList');
      expect((breadcrumb.itemListElement as Array<{ name: string }>).map((item) => item.name)).toEqual(['Home', 'Inventory', 'DENAGO EV City']);
    });

    it('quotes an unpriced vehicle on request, as a page about it rather than a Product without an Offer', async () => {
      const html = await pageHtml(site.app, `/vehicle/${idOf('evolution-turfman-1000')}`);
      expect(textOf(html)).toContain('Contact for Pricing');
      expect(jsonLdOf(html).map((entry) => entry['@type'])).not.toContain('Product');
      expect(jsonLdOfType(html, 'ItemPage')).toMatchObject({ name: 'EVOLUTION Turfman 1000', url: `${origin()}/vehicles/evolution-turfman-1000` });
    });

    it('answers 404 with the Vehicle Not Found view for an unknown id', async () => {
      const response = await request(site.app).get('/vehicle/0b6e4a5c-4a8e-4c1e-9d36-3c7d2f1a9b10').expect(404);
      const text = textOf(response.text);
      expect(response.text).toMatch(/<h1[^>]*>Vehicle Not Found<\/h1>/);
      expect(text).toContain("The vehicle you're looking for doesn't exist or has been removed.");
      expect(response.text).toMatch(/href="\/inventory"/);
      expect(response.text).toContain('<meta name="robots" content="noindex">');
    });

    it('answers 404 with the Vehicle Not Found view for a malformed id', async () => {
      const response = await request(site.app).get('/vehicle/not-a-uuid').expect(404);
      expect(response.text).toMatch(/<h1[^>]*>Vehicle Not Found<\/h1>/);
    });
  });

  describe('GET /denago', () => {
    it('shows the hero, the about text with four points, and the six DENAGO models linking to their pages', async () => {
      const response = await request(site.app).get('/denago').expect(200);
      const html = response.text;
      expect(html.match(/<h1/g)).toHaveLength(1);
      expect(textOf(html)).toContain('About DENAGO');
      const about = /id="about-denago"[\s\S]*?<\/section>/.exec(html)![0];
      expect(about.match(/<h3/g)).toHaveLength(4);
      for (const slug of ['denago-ev-city', 'denago-ev-nomad', 'denago-ev-nomad-xl', 'denago-ev-rover-xl', 'denago-ev-rover-xl6', 'denago-ev-rover-xxl']) {
        expect(html).toContain(`href="/vehicles/${slug}"`);
      }
      expect(html).not.toContain('/vehicles/evolution-');
      expect(html).toMatch(/<a[^>]*href="\/contact\?[^"]*"[^>]*>[\s\S]*?Contact for Availability/);
      expect(textOf(html)).not.toMatch(/coming soon/i);
      expect(canonicalOf(html)).toBe(`${origin()}/denago`);
      expect(jsonLdOfType(html, 'ItemList').numberOfItems).toBe(6);
    });
  });

  describe('GET /evolution', () => {
    it('shows the three model categories and the two featured models at catalog prices', async () => {
      const html = await pageHtml(site.app, '/evolution');
      const text = textOf(html);
      expect(text).toMatch(/Ranger 4-6 seats/);
      expect(text).toMatch(/Forester 4X4 terrain ready/);
      expect(text).toMatch(/Turfman Utility ready/);
      // The catalog prices the D6 Max XT4 at $17,995 and the XT6 at $19,995.
      expect(text).toContain('Starting at $17,995');
      expect(text).not.toContain('$24,999');
      expect(text).toMatch(/Turfman 1000 .*Contact for Pricing/);
      expect(html).toMatch(/D6 Max XT Series[\s\S]*?<a[^>]*href="\/inventory"[^>]*>View in Inventory/);
      expect(html).toMatch(/Turfman 1000[\s\S]*?<a[^>]*href="\/contact\?[^"]*"[^>]*>Request a Quote/);
      expect(canonicalOf(html)).toBe(`${origin()}/evolution`);
    });

    it('lists the current EVOLUTION inventory with an Available badge on in-stock carts', async () => {
      const html = await pageHtml(site.app, '/evolution');
      const grid = /id="evolution-inventory"[\s\S]*?<\/section>/.exec(html)![0];
      expect(grid.match(/<article/g)).toHaveLength(17);
      expect(textOf(grid).match(/Available/g)).toHaveLength(17);
      expect(grid).toContain('href="/vehicles/evolution-d6-max-xt4"');
      expect(grid).not.toContain('/vehicles/denago-');
      expect(jsonLdOfType(html, 'ItemList').numberOfItems).toBe(17);
    });
  });

  describe('old brand addresses', () => {
    it('answers /brands/denago and /brands/evolution with 301 to the brand pages', async () => {
      await request(site.app).get('/brands/denago').expect(301).expect('Location', '/denago');
      await request(site.app).get('/brands/evolution').expect(301).expect('Location', '/evolution');
      await request(site.app).get('/brands/evolution?ref=footer').expect(301).expect('Location', '/evolution?ref=footer');
    });
  });
});

describe('catalog pages when the catalog changes', () => {
  const entries = shippedCatalog as Array<Record<string, unknown> & { brand: string; slug: string }>;
  const turfman = entries.find((entry) => entry.slug === 'evolution-turfman-1000')!;

  const site = useTestApp({ SEED_CATALOG: false });
  beforeAll(async () => {
    await importCatalog(entries.filter((entry) => entry.brand === 'denago'));
  });

  it('tells the shopper when no EVOLUTION vehicle is in the inventory, with a contact link', async () => {
    const html = await pageHtml(site.app, '/evolution');
    const grid = /id="evolution-inventory"[\s\S]*?<\/section>/.exec(html)![0];
    expect(textOf(grid)).toContain('No Evolution vehicles are currently in our inventory. Contact us for availability updates.');
    expect(grid).toMatch(/<a[^>]*href="\/contact\?[^"]*"/);
    expect(grid).not.toContain('<article');
  });

  it('marks an out-of-stock EVOLUTION vehicle "Contact Us" and links it to its model entry page, which is its canonical page', async () => {
    await importCatalog([{ ...turfman, slug: 'evolution-turfman-1000-demo', inStock: false, isNew: false }]);
    const html = await pageHtml(site.app, '/evolution');
    const grid = /id="evolution-inventory"[\s\S]*?<\/section>/.exec(html)![0];
    expect(textOf(grid)).toContain('Contact Us');
    expect(textOf(grid)).not.toContain('Available');
    const detailPath = /href="(\/vehicle\/[0-9a-f-]{36})"/.exec(grid)![1]!;

    const detail = await pageHtml(site.app, detailPath);
    expect(textOf(detail)).toContain('Out of Stock');
    expect(canonicalOf(detail)).toBe(`${site.env.PUBLIC_ORIGIN}${detailPath}`);
  });
});

describe('catalog pages during a database outage', () => {
  const site = useTestApp();
  beforeAll(async () => {
    await site.database.simulateOutage();
  });

  it('renders the inventory with the loading error and status 503', async () => {
    const response = await request(site.app).get('/inventory').expect(503);
    expect(textOf(response.text)).toContain('Error loading vehicles: Failed to fetch vehicles: 503');
  });

  it('keeps the brand pages readable, with the error where the grid would be', async () => {
    const response = await request(site.app).get('/evolution').expect(503);
    const text = textOf(response.text);
    expect(text).toContain('Forester 4X4 terrain ready');
    expect(text).toContain('Error loading vehicles: Failed to fetch vehicles: 503');
  });
});
