import { readFileSync } from 'node:fs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import catalogEntries from '../../seeds/catalog.json';
import { modelPages } from '../../seeds/model-pages';
import { importCatalog } from '../../services/catalog-import.service';
import { byId, elementHtml, jsonLd, labelledValues, linksOf, mainOf, textOf } from '../support/page-html';
import { useTestApp } from '../support/test-app';
import { businessFileWith } from '../support/business-file';
import { MODEL_FIGURES } from '../support/fixtures';

const ORIGIN = 'https://www.shoregolfcarts.test';
const FINANCING_URL = 'https://apply.lender.test/shore';

// The 23 fixed pages, their names, layouts and the MSRP each page prints (test/support/fixtures.ts).
const MODEL_PAGES = MODEL_FIGURES;

const contact = (topic: string | null, slug: string) =>
  `/contact?interest=sales${topic ? `&topic=${encodeURIComponent(topic).replace(/%20/g, '+')}` : ''}&vehicle=${slug}`;

describe('the 23 fixed model pages', () => {
  const pages = new Map<string, string>();

  const site = useTestApp({ PUBLIC_ORIGIN: ORIGIN, BUSINESS_FILE: businessFileWith({ financingUrl: FINANCING_URL }) });
  beforeAll(async () => {
    for (const model of MODEL_PAGES) {
      const response = await request(site.app).get(`/vehicles/${model.slug}`);
      expect(response.status, model.slug).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      pages.set(model.slug, response.text);
    }
  });

  const page = (slug: string) => pages.get(slug)!;

  describe.each(MODEL_PAGES)('/vehicles/$slug', (model) => {
    it('is rendered on the server with the model name as its one heading 1 and its picture at a fixed size', () => {
      const main = mainOf(page(model.slug));
      const headings = [...main.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1]!));
      expect(headings).toEqual([model.name]);
      expect(main).toMatch(new RegExp(`<img [^>]*src="/images/vehicles/${model.slug}\\.svg"[^>]*>`));
      const image = new RegExp(`<img [^>]*src="/images/vehicles/${model.slug}\\.svg"[^>]*>`).exec(main)![0];
      expect(image).toContain('width="640"');
      expect(image).toContain('height="400"');
      expect(image).toContain(`alt="${model.name}"`);
    });

    it('shows the breadcrumb Home, Vehicles, the brand page and the model', () => {
      const trail = elementHtml(page(model.slug), /<nav [^>]*aria-label="Breadcrumb"/);
      expect(trail).toContain('<ol');
      expect(linksOf(trail).map((link) => [link.text, link.href])).toEqual([
        ['Home', '/'],
        ['Vehicles', '/inventory'],
        [model.brand, model.brand === 'DENAGO' ? '/denago' : '/evolution'],
      ]);
      expect(trail).toMatch(new RegExp(`aria-current="page"[^>]*>${model.name.replace(/[+]/g, '\\+')}<`));
    });

    it('leads both hero buttons to the contact form, prefilled for this model', () => {
      const links = linksOf(mainOf(page(model.slug)));
      const hrefOf = (text: string) => links.find((link) => link.text === text)?.href;
      expect(hrefOf('Get Quote')).toBe(contact('quote', model.slug));
      if (model.layout === 'older') {
        expect(hrefOf('Schedule Test Drive')).toBe(contact('test drive', model.slug));
        expect(hrefOf('Get Quote Today')).toBeUndefined();
      } else {
        expect(hrefOf('Get Quote Today')).toBe(contact('quote', model.slug));
        expect(hrefOf('Schedule Test Drive')).toBeUndefined();
      }
    });

    it('shows four highlight tiles and four feature cards, each with a title and a description', () => {
      const main = mainOf(page(model.slug));
      const hero = elementHtml(main, /<div class="page-bg-\d/);
      const figures = catalogEntries.find((entry) => entry.slug === model.slug)!.specifications as Partial<Record<string, string>>;
      const tiles = modelPages.find((candidate) => candidate.slug === model.slug)!.highlights;
      expect(labelledValues(elementHtml(hero, /<dl\b/))).toEqual(tiles.map((tile) => [tile.label, figures[tile.specificationKey]]));
      const features = byId(main, 'features');
      const cards = [...features.matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>\s*<p\b[^>]*>([\s\S]*?)<\/p>/g)];
      expect(cards).toHaveLength(4);
      for (const card of cards) {
        expect(textOf(card[1]!).length).toBeGreaterThan(3);
        expect(textOf(card[2]!).length).toBeGreaterThan(10);
      }
    });

    it(`shows the specifications ${model.layout === 'older' ? 'grouped as Performance, Dimensions, Capacity and Features' : 'as one table'}`, () => {
      const specifications = byId(mainOf(page(model.slug)), 'specifications');
      const labels = labelledValues(specifications).map(([label]) => label);
      expect(labels).toEqual(expect.arrayContaining(['Top Speed', 'Range', 'Seating Capacity', 'Payload Capacity', 'Battery']));
      if (model.layout === 'older') {
        const groups = [...specifications.matchAll(/<h3\b[^>]*>([\s\S]*?)<\/h3>/g)].map((match) => textOf(match[1]!));
        expect(groups.length).toBeGreaterThanOrEqual(2);
        expect(['Performance', 'Dimensions', 'Capacity', 'Features'].filter((group) => groups.includes(group))).toEqual(groups);
        expect(specifications).not.toContain('<table');
      } else {
        expect(specifications).toMatch(/<table\b[\s\S]*<th scope="row"/);
      }
    });

    it('tells crawlers its canonical address, title, description, keywords and sharing image', () => {
      const html = page(model.slug);
      const head = elementHtml(html, /<head\b/);
      expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/vehicles/${model.slug}">`);
      const title = textOf(/<title>([\s\S]*?)<\/title>/.exec(head)![1]!);
      expect(title.startsWith(model.name)).toBe(true);
      expect(title.endsWith('| Shore Golf Carts')).toBe(true);
      expect(/<meta name="description" content="([^"]{40,})">/.test(head)).toBe(true);
      expect(/<meta name="keywords" content="([^"]+)">/.exec(head)?.[1]).toContain(model.name);
      // Link previews need a raster image of the declared 1200x630 size, drawn for this model.
      expect(head).toContain(`<meta property="og:image" content="${ORIGIN}/images/share/${model.slug}.jpg">`);
      const jpeg = readFileSync(`public/images/share/${model.slug}.jpg`);
      const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
      expect([jpeg.readUInt16BE(frame + 7), jpeg.readUInt16BE(frame + 5)]).toEqual([1200, 630]);
      expect(head).not.toContain('name="robots"');
    });

    it('describes the model as a schema.org Product with its Offer where the page shows a price, else as an ItemPage', () => {
      const entries = jsonLd(page(model.slug));
      const products = entries.filter((entry) => entry['@type'] === 'Product');
      const shownPrice = byId(page(model.slug), 'price');
      if (model.msrp === null) {
        // No price, no offer: a Product without one is an error to Google (docs/decisions/013-structured-data-offers.md).
        expect(shownPrice).toBe('');
        expect(products).toEqual([]);
        expect(entries.filter((entry) => entry['@type'] === 'ItemPage')).toEqual([
          expect.objectContaining({
            name: model.name,
            url: `${ORIGIN}/vehicles/${model.slug}`,
            image: [`${ORIGIN}/images/vehicles/${model.slug}.svg`],
            description: expect.stringMatching(/.{40,}/),
          }),
        ]);
        return;
      }
      expect(products).toHaveLength(1);
      const product = products[0]!;
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        name: model.name,
        brand: { '@type': 'Brand', name: model.brand },
        image: [`${ORIGIN}/images/vehicles/${model.slug}.svg`],
        url: `${ORIGIN}/vehicles/${model.slug}`,
      });
      expect(String(product.description).length).toBeGreaterThan(40);
      expect(typeof product.category).toBe('string');
      const properties = product.additionalProperty as Array<{ '@type': string; name: string; value: string }>;
      expect(properties.map((property) => property.name)).toEqual(expect.arrayContaining(['Top Speed', 'Range', 'Seating Capacity']));
      expect(properties.every((property) => property['@type'] === 'PropertyValue' && property.value.length > 0)).toBe(true);
      expect(textOf(shownPrice)).toContain(`MSRP $${model.msrp.toLocaleString('en-US')}`);
      // In stock, as the catalog says of the model: printed as such on the priced layouts (the older
      // layout prints no stock label, docs/product.md#model-page-layouts).
      expect(textOf(shownPrice).includes('Availability In Stock')).toBe(model.layout !== 'older');
      expect(product.offers).toMatchObject({ '@type': 'Offer', price: model.msrp, priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
    });

    it('gives crawlers the same breadcrumb trail as structured data', () => {
      const trail = jsonLd(page(model.slug)).find((entry) => entry['@type'] === 'BreadcrumbList');
      const items = (trail?.itemListElement ?? []) as Array<{ position: number; name: string; item: string }>;
      expect(items.map(({ position, name, item }) => [position, name, item])).toEqual([
        [1, 'Home', `${ORIGIN}/`],
        [2, 'Vehicles', `${ORIGIN}/inventory`],
        [3, model.brand, `${ORIGIN}/${model.brand.toLowerCase()}`],
        [4, model.name, `${ORIGIN}/vehicles/${model.slug}`],
      ]);
    });
  });

  it('answers an unknown model with the Vehicle Not Found view and status 404, kept out of search results', async () => {
    for (const path of ['/vehicles/evolution-d9-imaginary', '/vehicles/00000000-0000-4000-8000-000000000000']) {
      const response = await request(site.app).get(path).expect(404);
      expect(textOf(mainOf(response.text))).toContain('Vehicle Not Found');
      expect(textOf(mainOf(response.text))).toContain("The vehicle you're looking for doesn't exist or has been removed.");
      expect(response.text).toContain('<meta name="robots" content="noindex">');
      expect(response.text).not.toContain('rel="canonical"');
      expect(jsonLd(response.text).some((entry) => entry['@type'] === 'Product')).toBe(false);
    }
  });

  it('sends an address by vehicle id permanently to the fixed page of that vehicle', async () => {
    const vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as Array<{ id: string; slug: string }>;
    for (const slug of ['evolution-d5-maverick-4-plus', 'denago-ev-city']) {
      const { id } = vehicles.find((vehicle) => vehicle.slug === slug)!;
      const response = await request(site.app).get(`/vehicles/${id}`).expect(301);
      expect(response.headers.location).toBe(`/vehicles/${slug}`);
    }
    const { id } = vehicles[0]!;
    const withQuery = await request(site.app).get(`/vehicles/${id}?utm_source=flyer`).expect(301);
    expect(withQuery.headers.location).toMatch(/^\/vehicles\/[a-z0-9-]+\?utm_source=flyer$/);
  });

  it('sends an address by id of a vehicle without a fixed page to its model entry page', async () => {
    await importCatalog([
      {
        slug: 'evolution-beach-hauler',
        name: 'EVOLUTION Beach Hauler',
        description: 'A test vehicle that has no fixed model page.',
        brand: 'evolution',
        category: 'utility',
        year: 2026,
        price: null,
        images: [],
        specifications: { topSpeed: '19 mph', range: '30 mi', seatingCapacity: '2 passengers', batteryType: 'Lithium-ion' },
      },
    ]);
    const vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as Array<{ id: string; slug: string }>;
    const { id } = vehicles.find((vehicle) => vehicle.slug === 'evolution-beach-hauler')!;
    const response = await request(site.app).get(`/vehicles/${id}`).expect(301);
    expect(response.headers.location).toBe(`/vehicle/${id}`);
    // A catalog vehicle without a fixed page has no page under /vehicles/ by its slug either.
    await request(site.app).get('/vehicles/evolution-beach-hauler').expect(404);
  });
});
