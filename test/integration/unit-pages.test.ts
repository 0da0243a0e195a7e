import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InquiryCollection, type InquiryRecord } from '../../models/inquiry.model';
import { importFeed } from '../../services/feed-import.service';
import { jsonLd, textOf } from '../support/page-html';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_FEED_ROWS, writeTestFeed, writeTestFeedPhotos } from '../support/test-feed';
import { VALID_INQUIRY } from '../support/fixtures';

// The dealer's units on the site: their pages, their photos, their place in the inventory, and
// what their pages answer once they are sold.

const DAY_MS = 24 * 60 * 60 * 1000;
const ONWARD = '/inventory/2021-club-car-onward-4-passenger-t100';
const EMERGE = '/inventory/2022-tomberlin-emerge-e4-t200';
const RXV = '/inventory/2020-e-z-go-rxv-elite-2-passenger-t300';
/** A used EVOLUTION whose model has a fixed page, and a used Club Car whose model has none. */
const MAVERICK_ROW = 'T600,EV24D5M4P-30561,2024,EVOLUTION,D5 Maverick 4 Plus,,used,maverick,11995,4,Flamenco Red,96,bayville,available,,,';
const PRECEDENT_ROW = 'T700,PQ1925-918273,2019,Club Car,Precedent i2,,used,precedent,5495,2,White,880,pleasantville,available,,,';

/** Every link of a page: its address and its text. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a [^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({ href: match[1]!.replaceAll('&amp;', '&'), text: textOf(match[2]!) }));

let site: TestApp;
let work: string;
let feedOptions: Parameters<typeof importFeed>[1];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'unit-pages-'));
  const dataDir = path.join(work, 'data');
  site = await startTestApp({ DATA_DIR: dataDir });
  await writeTestFeedPhotos(work);
  feedOptions = { full: true, locations: site.business.showrooms.map((showroom) => showroom.id), photosDir: path.join(dataDir, 'photos') };
  const { onward, emerge, rxv } = TEST_FEED_ROWS;
  await importFeed(await writeTestFeed(work, 'feed.csv', onward, emerge, rxv, MAVERICK_ROW, PRECEDENT_ROW), feedOptions);
});

afterAll(async () => {
  await site?.close();
  await rm(work, { recursive: true, force: true });
});

describe('a unit for sale', () => {
  let html: string;
  beforeAll(async () => {
    html = (await request(site.app).get(ONWARD).expect(200)).text;
  });

  it('shows its facts: year, condition, hours, color, stock number and its showroom with directions', () => {
    const text = textOf(html);
    expect(text).toContain('2021 Club Car Onward 4 Passenger');
    expect(text).toContain('$9,495');
    for (const fact of ['Year 2021', 'Condition Used', 'Hours 312', 'Color Silver', 'Stock # T100', 'Serial # PH2131-283475', 'Location Bayville Showroom'])
      expect(text).toContain(fact);
    expect(html).toMatch(/<a href="https:\/\/www\.google\.com\/maps\/dir\/\?api=1&amp;destination=[-\d.,]+"[^>]*>Directions/);
  });

  it('asks about the unit by its stock number through the contact form, prefilled', async () => {
    const link = linksOf(html).find((candidate) => candidate.text === 'Ask about stock #T100');
    expect(link?.href).toBe('/contact?interest=sales&topic=availability&vehicle=2021-club-car-onward-4-passenger-t100');
    const contact = (await request(site.app).get(link!.href).expect(200)).text;
    expect(contact).toContain('I&#x27;d like to know if the 2021 Club Car Onward 4 Passenger (stock #T100) is available.');
  });

  it('shows each photo as AVIF, WebP and JPEG at its widths, sized, the first one first and the rest lazily', async () => {
    const pictures = [...html.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((match) => match[1]!);
    expect(pictures).toHaveLength(2);
    const [first, second] = pictures as [string, string];
    expect(first).toMatch(
      /<source type="image\/avif" srcSet="\/photos\/[a-f0-9]{32}\/480\.avif 480w, \/photos\/[a-f0-9]{32}\/640\.avif 640w" sizes="\(min-width: 1024px\) 34rem, calc\(100vw - 2rem\)"\/>/,
    );
    expect(first).toMatch(/<source type="image\/webp" srcSet="[^"]*480\.webp 480w[^"]*"/);
    expect(first).toMatch(
      /<img src="\/photos\/[a-f0-9]{32}\/640\.jpg" srcSet="[^"]*480\.jpg 480w, [^"]*640\.jpg 640w" sizes="[^"]+" width="640" height="427" alt="2021 Club Car Onward 4 Passenger, photo 1 of 2" loading="eager" fetchPriority="high"/,
    );
    expect(first).toMatch(/style="background-color:#[0-9a-f]{6};background-image:url\(data:image\/webp;base64,/);
    expect(second).toMatch(/loading="lazy"/);
    expect(second).not.toMatch(/fetchPriority/);
    // Every size of every format is there to be served.
    for (const url of new Set([...html.matchAll(/\/photos\/[a-f0-9]{32}\/\d+\.(?:avif|webp|jpg)/g)].map((match) => match[0]))) {
      await request(site.app).get(url).expect(200).expect('Cache-Control', 'public, max-age=31536000, immutable');
    }
  });

  it('preloads its first photo in the head, at the width the page will take', () => {
    const preload = /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(html);
    expect(preload?.[1]).toMatch(/^\/photos\/[a-f0-9]{32}\/480\.avif 480w, \/photos\/[a-f0-9]{32}\/640\.avif 640w$/);
    expect(preload?.[2]).toBe('(min-width: 1024px) 34rem, calc(100vw - 2rem)');
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('lets a visitor without JavaScript reach every photo from its thumbnail', () => {
    expect([...html.matchAll(/<figure id="(photo-\d)"/g)].map((match) => match[1])).toEqual(['photo-1', 'photo-2']);
    expect([...html.matchAll(/<a href="#(photo-\d)"/g)].map((match) => match[1])).toEqual(['photo-1', 'photo-2']);
  });

  it('describes itself as a used Product with its Offer, price and photos at their real addresses', async () => {
    const product = jsonLd(html).find((entry) => entry['@type'] === 'Product') as Record<string, unknown> & { offers: Record<string, unknown>; image: string[] };
    expect(product).toMatchObject({
      name: '2021 Club Car Onward 4 Passenger',
      sku: 'T100',
      itemCondition: 'https://schema.org/UsedCondition',
      brand: { name: 'Club Car' },
    });
    expect(product.offers).toMatchObject({
      price: 9495,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/UsedCondition',
    });
    expect(product.image).toHaveLength(2);
    for (const image of product.image) {
      expect(image).toMatch(new RegExp(`^${site.env.PUBLIC_ORIGIN}/photos/[a-f0-9]{32}/640\\.jpg$`));
      await request(site.app).get(new URL(image).pathname).expect(200).expect('Content-Type', 'image/jpeg');
    }
    expect(html).toContain(`<link rel="canonical" href="${site.env.PUBLIC_ORIGIN}${ONWARD}">`);
  });

  it('calls a certified unit refurbished, and one held for a buyer limited, without photos showing its model illustration', async () => {
    const emerge = jsonLd((await request(site.app).get(EMERGE).expect(200)).text).find((entry) => entry['@type'] === 'Product');
    expect(emerge).toMatchObject({ itemCondition: 'https://schema.org/RefurbishedCondition', offers: { availability: 'https://schema.org/InStock' } });
    const rxv = (await request(site.app).get(RXV).expect(200)).text;
    expect(jsonLd(rxv).find((entry) => entry['@type'] === 'Product')).toMatchObject({ offers: { availability: 'https://schema.org/LimitedAvailability' } });
    expect(textOf(rxv)).toContain('Sale Pending');
    expect(rxv).not.toContain('<picture>');
    expect(rxv).toContain('src="/images/vehicles/placeholder.svg"');
  });

  it('files an inquiry about it with its make, model, stock and serial numbers and price, for the ADF lead', async () => {
    await request(site.app)
      .post('/api/contact')
      .send({ ...VALID_INQUIRY, topic: 'availability', vehicle: ONWARD.split('/').pop() })
      .expect(201);
    const record = await InquiryCollection.findOne().lean<InquiryRecord>().exec();
    expect(record?.vehicleOfInterest).toEqual({
      slug: '2021-club-car-onward-4-passenger-t100',
      name: '2021 Club Car Onward 4 Passenger',
      brand: 'club-car',
      year: 2021,
      condition: 'used',
      unit: { make: 'Club Car', model: 'Onward 4 Passenger', stockNumber: 'T100', serialNumber: 'PH2131-283475', color: 'Silver', price: 9495 },
    });
  });

  it('answers its uuid address with a permanent redirect to its page', async () => {
    const { body: vehicles } = await request(site.app).get('/api/vehicles').expect(200);
    const onward = (vehicles as Array<{ id: string; slug: string }>).find((vehicle) => vehicle.slug === ONWARD.split('/').pop());
    await request(site.app).get(`/vehicle/${onward!.id}`).expect(301).expect('Location', ONWARD);
    // A campaign's parameters survive the move.
    await request(site.app).get(`/vehicle/${onward!.id}?utm_source=mail`).expect(301).expect('Location', `${ONWARD}?utm_source=mail`);
  });

  it('answers 404 for a unit no feed has', async () => {
    const response = await request(site.app).get('/inventory/2021-club-car-onward-4-passenger-t999').expect(404);
    expect(textOf(response.text)).toContain('Vehicle Not Found');
  });
});

describe('the inventory with units', () => {
  const cardNames = (html: string) => [...html.matchAll(/<h3 class="mt-1 text-lg font-bold text-ink-900"><a [^>]*href="([^"]+)"/g)].map((match) => match[1]);

  it('lists the units beside the models and filters by condition, any brand and showroom, from the address alone', async () => {
    const all = (await request(site.app).get('/inventory?page=2').expect(200)).text;
    expect(cardNames(all)).toEqual(expect.arrayContaining([ONWARD, EMERGE, RXV]));
    const used = (await request(site.app).get('/inventory?condition=used').expect(200)).text;
    expect(textOf(used)).toContain('Showing 4 of 28 total vehicles');
    // The house brands first, then the others A-Z, each by price.
    expect(cardNames(used)).toEqual(['/inventory/2024-evolution-d5-maverick-4-plus-t600', '/inventory/2019-club-car-precedent-i2-t700', ONWARD, RXV]);
    expect(cardNames((await request(site.app).get('/inventory?condition=certified').expect(200)).text)).toEqual([EMERGE]);
    expect(cardNames((await request(site.app).get('/inventory?brand=club-car').expect(200)).text)).toEqual(['/inventory/2019-club-car-precedent-i2-t700', ONWARD]);
    expect(cardNames((await request(site.app).get('/inventory?location=waretown&condition=used').expect(200)).text)).toEqual([RXV]);
    const newOnly = (await request(site.app).get('/inventory?condition=new').expect(200)).text;
    expect(textOf(newOnly)).toContain('Showing 23 of 28 total vehicles');
  });

  it('offers the brands, conditions and showrooms the inventory holds in its plain GET form', async () => {
    const html = (await request(site.app).get('/inventory').expect(200)).text;
    const options = (name: string) =>
      [
        ...(new RegExp(`<select id="inventory-${name}" name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? '').matchAll(
          /<option value="([^"]*)"[^>]*>([^<]*)</g,
        ),
      ].map((match) => `${match[1]}=${match[2]}`);
    expect(options('brand')).toEqual(['all=All Brands', 'denago=DENAGO', 'evolution=EVOLUTION', 'club-car=Club Car', 'e-z-go=E-Z-GO', 'tomberlin=Tomberlin']);
    expect(options('condition')).toEqual(['all=All Conditions', 'new=New', 'used=Used', 'certified=Certified Pre-Owned']);
    expect(options('location')).toEqual(['all=All Locations', 'bayville=Bayville Showroom', 'pleasantville=Pleasantville Showroom', 'waretown=Waretown Showroom']);
    expect(html).toMatch(/<form role="search" [^>]*action="\/inventory" method="get">/);
  });

  it("names in its heading the brands it lists, the used units' brands too, not only the house brands", async () => {
    const eyebrow = (html: string) => textOf(/<div class="mb-4 [^"]*">([\s\S]*?)<\/div>\s*<h1/.exec(html)?.[1] ?? '');
    const all = (await request(site.app).get('/inventory').expect(200)).text;
    expect(eyebrow(all)).toBe('DENAGO · EVOLUTION · Club Car · E-Z-GO · Tomberlin');
    expect(eyebrow((await request(site.app).get('/inventory?brand=club-car').expect(200)).text)).toBe('Club Car');
  });

  it('answers the same filters as JSON for the browser', async () => {
    const { body } = await request(site.app).get('/api/inventory?condition=certified&location=waretown').expect(200);
    expect(body.filters).toMatchObject({ condition: 'certified', location: 'waretown' });
    expect(body.vehicles).toEqual([
      expect.objectContaining({
        slug: EMERGE.split('/').pop(),
        unit: { brandName: 'Tomberlin', condition: 'certified', status: 'available' },
        photo: expect.objectContaining({ srcSet: expect.stringMatching(/480\.webp 480w/) }),
      }),
    ]);
  });
});

describe('a sold unit', () => {
  beforeAll(async () => {
    const { onward, rxv } = TEST_FEED_ROWS;
    // The Emerge is sold now; the Maverick and the Precedent were sold 31 days ago.
    await importFeed(await writeTestFeed(work, 'no-maverick.csv', onward, TEST_FEED_ROWS.emerge, rxv), {
      ...feedOptions,
      clock: () => new Date(Date.now() - 31 * DAY_MS),
    });
    await importFeed(await writeTestFeed(work, 'no-emerge.csv', onward, rxv), feedOptions);
  });

  it('leaves the inventory, its API and the sitemap', async () => {
    const html = (await request(site.app).get('/inventory?condition=certified').expect(200)).text;
    expect(textOf(html)).toContain('No vehicles match your current filters.');
    const { body } = await request(site.app).get('/api/vehicles').expect(200);
    expect((body as Array<{ slug: string }>).map((vehicle) => vehicle.slug)).not.toContain(EMERGE.split('/').pop());
    const sitemap = (await request(site.app).get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    const onward = new RegExp(
      `<url><loc>${site.env.PUBLIC_ORIGIN}${ONWARD}</loc><lastmod>[^<]+</lastmod>((?:<image:image><image:loc>[^<]+</image:loc></image:image>)+)</url>`,
    ).exec(sitemap);
    expect([...(onward?.[1] ?? '').matchAll(/<image:loc>([^<]+)</g)].map((match) => match[1])).toEqual([
      expect.stringMatching(new RegExp(`^${site.env.PUBLIC_ORIGIN}/photos/[a-f0-9]{32}/640\\.jpg$`)),
      expect.stringMatching(new RegExp(`^${site.env.PUBLIC_ORIGIN}/photos/[a-f0-9]{32}/640\\.jpg$`)),
    ]);
    expect(sitemap).toContain(`<loc>${site.env.PUBLIC_ORIGIN}${RXV}</loc>`);
    expect(sitemap).not.toContain(EMERGE);
  });

  it('answers 410 for 30 days, says so and links to similar carts for sale, not to be indexed', async () => {
    const response = await request(site.app).get(EMERGE).expect(410);
    const text = textOf(response.text);
    expect(text).toContain('The 2022 Tomberlin Emerge E4 Has Been Sold');
    expect(response.text).toContain('<meta name="robots" content="noindex">');
    expect(jsonLd(response.text).filter((entry) => entry['@type'] === 'Product')).toEqual([]);
    expect(text).toContain('Similar Carts for Sale');
    const similar = /<ul [^>]*aria-labelledby="similar-heading">([\s\S]*?)<\/ul>/.exec(response.text)?.[1] ?? '';
    const links = linksOf(similar).map((link) => link.href);
    expect(links).toHaveLength(3);
    for (const link of links) await request(site.app).get(link).expect(200);
  });

  it('then answers 301 to its model page when the site has one, else 404', async () => {
    await request(site.app).get('/inventory/2024-evolution-d5-maverick-4-plus-t600').expect(301).expect('Location', '/vehicles/evolution-d5-maverick-4-plus');
    await request(site.app)
      .get('/inventory/2024-evolution-d5-maverick-4-plus-t600?utm_source=mail')
      .expect(301)
      .expect('Location', '/vehicles/evolution-d5-maverick-4-plus?utm_source=mail');
    await request(site.app).get('/inventory/2019-club-car-precedent-i2-t700').expect(404);
  });
});
