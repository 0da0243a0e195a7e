import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';
import { businessFileWith } from '../support/business-file';
import { RENTAL_PLANS } from '../support/fixtures';

const ORIGIN = 'https://www.shoregolfcarts.test';
const FINANCING_URL = 'https://apply.lender.test/shore';

// The 33 Ocean County paths and the 16 Cape May County ones of docs/decisions/003-specification-decisions.md#towns.
const OCEAN_COUNTY_PATHS = [
  '/barnegat-township-golf-carts',
  '/barnegat-light-borough-golf-carts',
  '/bay-head-borough-golf-carts',
  '/beach-haven-borough-golf-carts',
  '/beachwood-borough-golf-carts',
  '/berkeley-township-golf-carts',
  '/brick-township-golf-carts',
  '/eagleswood-township-golf-carts',
  '/harvey-cedars-borough-golf-carts',
  '/island-heights-borough-golf-carts',
  '/jackson-township-golf-carts',
  '/lacey-township-golf-carts',
  '/lakehurst-borough-golf-carts',
  '/lakewood-township-golf-carts',
  '/lavallette-borough-golf-carts',
  '/little-egg-harbor-township-golf-carts',
  '/long-beach-township-golf-carts',
  '/manchester-township-golf-carts',
  '/mantoloking-borough-golf-carts',
  '/ocean-gate-borough-golf-carts',
  '/ocean-township-golf-carts',
  '/pine-beach-borough-golf-carts',
  '/plumsted-township-golf-carts',
  '/point-pleasant-borough-golf-carts',
  '/point-pleasant-beach-borough-golf-carts',
  '/seaside-heights-borough-golf-carts',
  '/seaside-park-borough-golf-carts',
  '/ship-bottom-borough-golf-carts',
  '/south-toms-river-borough-golf-carts',
  '/stafford-township-golf-carts',
  '/surf-city-borough-golf-carts',
  '/toms-river-township-golf-carts',
  '/tuckerton-borough-golf-carts',
];
const CAPE_MAY_COUNTY_PATHS = [
  '/avalon-borough-golf-carts',
  '/cape-may-city-golf-carts',
  '/cape-may-point-borough-golf-carts',
  '/dennis-township-golf-carts',
  '/lower-township-golf-carts',
  '/middle-township-golf-carts',
  '/north-wildwood-city-golf-carts',
  '/ocean-city-golf-carts',
  '/sea-isle-city-golf-carts',
  '/stone-harbor-borough-golf-carts',
  '/upper-township-golf-carts',
  '/west-cape-may-borough-golf-carts',
  '/west-wildwood-borough-golf-carts',
  '/wildwood-city-golf-carts',
  '/wildwood-crest-borough-golf-carts',
  '/woodbine-borough-golf-carts',
];

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
}

/** The visible text of the page's main area, one string. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The section with this id, as HTML. */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start === -1) return '';
  const end = html.indexOf('</section>', start);
  return html.slice(start, end);
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('with the shipped catalog', () => {
  const site = useTestApp({ PUBLIC_ORIGIN: ORIGIN, BUSINESS_FILE: businessFileWith({ financingUrl: FINANCING_URL }) });

  describe('rentals', () => {
    it('prices every plan of the three vehicle types as the spec lists them, with the savings', async () => {
      const { text } = await request(site.app).get('/rentals').expect(200);
      const prices = (id: string) =>
        [
          ...section(text, 'plans')
            .split(`id="${id}-plans"`)[1]!
            .matchAll(/>(\$[\d,]+)</g),
        ]
          .slice(0, 4)
          .map((m) => m[1]);
      for (const [group, plans] of Object.entries(RENTAL_PLANS)) expect(prices(group)).toEqual(plans.map(([, price]) => `$${price.toLocaleString('en-US')}`));
      const plans = section(text, 'plans');
      for (const [, , savings] of Object.values(RENTAL_PLANS).flat()) if (savings) expect(plans).toContain(savings);
      expect(count(plans, />RECOMMENDED</g)).toBe(3);
    });

    it('leads every RESERVE TODAY button to the contact form, prefilled with its plan', async () => {
      const { text } = await request(site.app).get('/rentals').expect(200);
      const reserveLinks = [...text.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>RESERVE TODAY<\/a>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(reserveLinks).toHaveLength(12);
      expect(reserveLinks).toContain('/contact?interest=general&topic=rental&plan=4-seater-daily');
      expect(reserveLinks).toContain('/contact?interest=general&topic=rental&plan=6-seater-weekly');
      expect(reserveLinks).toContain('/contact?interest=general&topic=rental&plan=utility-monthly');
      expect(new Set(reserveLinks).size).toBe(12);
    });

    it('opens with Reserve Today and View Pricing, which jumps to the plans', async () => {
      const { text } = await request(site.app).get('/rentals').expect(200);
      expect(text).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(text).toMatch(/href="\/contact\?interest=general&amp;topic=rental"[^>]*>.*?Reserve Today/s);
      expect(text).toMatch(/href="#plans"[^>]*>View Pricing/);
      expect(text).toContain('id="plans"');
    });

    it('lists the six benefits, the help line and the rental terms', async () => {
      const { text } = await request(site.app).get('/rentals').expect(200);
      const page = mainText(text);
      for (const benefit of ['Street Legal with Seat Belts', 'Flexible Pickup & Return', 'Fully Charged', 'Insurance Included', '24/7 Support', 'No Hidden Fees']) {
        expect(page).toContain(benefit);
      }
      expect(text).toContain('href="tel:+16095550142"');
      for (const term of ['$6 per mile beyond 10 miles', '24-hour increments', 'Early returns are not refunded', 'subject to availability']) expect(page).toContain(term);
    });

    it('describes the rental plans to crawlers as offers', async () => {
      const { text } = await request(site.app).get('/rentals').expect(200);
      expect(text).toContain(`<link rel="canonical" href="${ORIGIN}/rentals">`);
      const catalog = jsonLd(text).find((entry) => entry['@type'] === 'OfferCatalog') as { itemListElement: Array<{ itemListElement: Array<{ price: number }> }> };
      expect(catalog.itemListElement.map((group) => group.itemListElement.map((offer) => offer.price))).toEqual([
        [245, 685, 1050, 2800],
        [295, 735, 1400, 3500],
        [245, 685, 1050, 2800],
      ]);
    });
  });

  describe('about', () => {
    it('tells the story since 2010 with the years, customers and municipalities', async () => {
      const { text } = await request(site.app).get('/about').expect(200);
      const page = mainText(text);
      expect(page).toContain('2010');
      expect(page).toContain(`${new Date().getFullYear() - 2010}+`);
      expect(page).toContain('500+');
      expect(page).not.toContain('5000+');
      expect(text).toMatch(/>Municipalities served<\/dt><dd[^>]*>49<\/dd>/);
    });

    it('introduces a team of four and the values', async () => {
      const { text } = await request(site.app).get('/about').expect(200);
      expect(count(section(text, 'team'), /<h3/g)).toBe(4);
      expect(count(section(text, 'values'), /<h3/g)).toBeGreaterThanOrEqual(3);
    });

    it('links every municipality served to its town page, and to contact and inventory', async () => {
      const { text } = await request(site.app).get('/about').expect(200);
      const area = section(text, 'service-area');
      for (const path of [...OCEAN_COUNTY_PATHS, ...CAPE_MAY_COUNTY_PATHS]) expect(area).toContain(`href="${path}"`);
      expect(text).toContain('href="/contact"');
      expect(text).toContain('href="/inventory"');
    });
  });

  describe('showroom', () => {
    it('shows five locations, each with address, phone, hours, directions and a call link', async () => {
      const { text } = await request(site.app).get('/showroom').expect(200);
      const cards = section(text, 'locations').split('<article').slice(1);
      expect(cards).toHaveLength(5);
      for (const card of cards) {
        expect(card).toMatch(/<address/);
        expect(card).toMatch(/href="tel:\+1\d{3}55501\d\d"/);
        // Each showroom's own hours from the business file (the service center opens at 8).
        expect(card).toMatch(/Mon-Fri<\/dt><dd>[89]AM-5PM/);
        expect(card).toMatch(/Sun<\/dt><dd>Closed/);
        expect(card).toMatch(/href="https:\/\/www\.google\.com\/maps\/dir\/[^"]+"[^>]*target="_blank"/);
      }
      for (const city of ['Bayville', 'Waretown', 'Pleasantville']) expect(section(text, 'locations')).toContain(city);
    });

    it('offers test drives, expert consultation and financing, and links to contact', async () => {
      const { text } = await request(site.app).get('/showroom').expect(200);
      const services = section(text, 'showroom-services');
      for (const title of ['Test Drives', 'Expert Consultation', 'Financing']) expect(services).toContain(`>${title}</h3>`);
      expect(services).toContain(`href="${FINANCING_URL}"`);
      expect(text).toContain('href="/contact"');
    });
  });

  describe('town pages', () => {
    it('serves all 49 town pages, each with its own title, heading and canonical link', async () => {
      const titles = new Set<string>();
      for (const path of [...OCEAN_COUNTY_PATHS, ...CAPE_MAY_COUNTY_PATHS]) {
        const { text } = await request(site.app).get(path).expect(200);
        expect(text, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
        expect(count(text, /<h1[\s>]/g), path).toBe(1);
        titles.add(/<title>(.*?)<\/title>/.exec(text)![1]!);
      }
      expect(titles.size).toBe(49);
    });

    it('builds the Toms River Township page from the town, the catalog and the business', async () => {
      const { text } = await request(site.app).get('/toms-river-township-golf-carts').expect(200);
      const page = mainText(text);
      expect(text).toMatch(/<h1[^>]*>Golf Carts in Toms River Township, NJ<\/h1>/);
      expect(text).toMatch(/href="\/inventory"[^>]*>Shop Golf Carts/);
      expect(text).toMatch(/href="\/contact\?interest=sales&amp;topic=[^"]*Toms\+River\+Township"[^>]*>Get Free Quote/);
      for (const title of ['Premium Quality', 'Expert Service', '0% Financing', 'Eco-Friendly']) expect(page).toContain(title);
      for (const brand of ['Club Car', 'EZ-GO', 'Denago', 'Evolution', 'Tomberlin', 'Swift EV']) expect(section(text, 'brands')).toContain(`>${brand}<`);
      expect(page).toMatch(/factory warranty/i);
      expect(page).toMatch(/genuine parts/i);
      expect(page).toMatch(/certified service/i);
      expect(page).toContain('(609) 555-0142');
      expect(page).toContain('9AM-5PM');
      expect(text).toMatch(/href="\/contact\?interest=service&amp;topic=[^"]*"[^>]*>.*?Schedule Service/s);
      expect(page).toMatch(/Toms River Township[^.]*Ocean County/);
      expect(page).toMatch(/Delivery|deliver/);
    });

    it('shows the first three vehicles of the catalog as popular models', async () => {
      const [{ body: vehicles }, { text }] = await Promise.all([
        request(site.app).get('/api/vehicles').expect(200),
        request(site.app).get('/barnegat-light-borough-golf-carts').expect(200),
      ]);
      const popular = section(text, 'popular');
      const names = [...popular.matchAll(/<h3[^>]*><a [^>]*>([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
      expect(names).toEqual((vehicles as Array<{ name: string }>).slice(0, 3).map((vehicle) => vehicle.name));
    });

    it("embeds the town's fixed map, or one built from its name and type, with a title and no cost before scrolling", async () => {
      const tomsRiver = (await request(site.app).get('/toms-river-township-golf-carts').expect(200)).text;
      expect(tomsRiver).toContain('href="https://www.google.com/maps?q=39.9537,-74.1979&amp;z=12&amp;output=embed"');
      const barnegatLight = (await request(site.app).get('/barnegat-light-borough-golf-carts').expect(200)).text;
      // No frame at all until the visitor scrolls near it (see the browser tests): a frame without an
      // address still costs the browser a document and a script context while it parses the page.
      expect(barnegatLight).not.toContain('<iframe');
      // In its place, a link opens the generic map built from the name and type: what a visitor
      // without JavaScript uses, and what the page shows before its scripts arrive.
      const link = /<a href="https:\/\/www\.google\.com\/maps\?q=Barnegat%20Light%20Borough%2C%20NJ&amp;output=embed"[^>]*>([\s\S]*?)<\/a>/.exec(barnegatLight);
      expect(link?.[0]).toContain('target="_blank" rel="noopener noreferrer"');
      expect(link?.[1]?.replace(/<[^>]+>/g, '')).toBe('Map of Barnegat Light Borough, New Jersey (opens in a new tab)');
    });

    it('allows frames from the map provider only', async () => {
      const response = await request(site.app).get('/ocean-city-golf-carts').expect(200);
      const policy = String(response.headers['content-security-policy']);
      expect(/frame-src ([^;]+)/.exec(policy)?.[1]).toBe('https://www.google.com');
      const src = /<a href="(https:[^"]+output=embed)"/.exec(response.text)![1]!.replace(/&amp;/g, '&');
      expect(new URL(src).origin).toBe('https://www.google.com');
    });

    it('gives crawlers a breadcrumb and the business with the town as the area served', async () => {
      const { text } = await request(site.app).get('/cape-may-city-golf-carts').expect(200);
      const entries = jsonLd(text);
      const breadcrumb = entries.find((entry) => entry['@type'] === 'BreadcrumbList') as { itemListElement: Array<{ item: string }> };
      expect(breadcrumb.itemListElement.map((item) => item.item)).toEqual([`${ORIGIN}/`, `${ORIGIN}/cape-may-city-golf-carts`]);
      const local = entries.find((entry) => entry['@type'] === 'AutoDealer' && 'areaServed' in entry && !Array.isArray(entry.areaServed));
      expect(local?.areaServed).toMatchObject({ name: 'Cape May City, New Jersey' });
      expect(text).toMatch(/<meta name="keywords" content="[^"]*golf carts Cape May City/);
    });

    it('names the town and its county in the delivery note', async () => {
      const page = mainText((await request(site.app).get('/wildwood-crest-borough-golf-carts').expect(200)).text);
      expect(page).toMatch(/Wildwood Crest Borough[^.]*Cape May County/);
      expect(page).not.toContain('Ocean County');
    });

    it('reads as written for each town, not one text with the name swapped', async () => {
      const sentencesOf = async (path: string, names: string[]) => {
        // The popular models come from the catalog and are the same everywhere by design.
        const html = (await request(site.app).get(path).expect(200)).text;
        let text = mainText(html.replace(section(html, 'popular'), ''));
        for (const name of names) text = text.replaceAll(name, '{town}');
        return new Set(text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.length > 40));
      };
      const pairs: Array<[string, string[], string, string[]]> = [
        ['/bay-head-borough-golf-carts', ['Bay Head Borough', 'Bay Head'], '/mantoloking-borough-golf-carts', ['Mantoloking Borough', 'Mantoloking']],
        ['/brick-township-golf-carts', ['Brick Township', 'Brick'], '/jackson-township-golf-carts', ['Jackson Township', 'Jackson']],
        ['/wildwood-city-golf-carts', ['Wildwood City', 'Wildwood'], '/north-wildwood-city-golf-carts', ['North Wildwood City', 'North Wildwood']],
      ];
      for (const [pathA, namesA, pathB, namesB] of pairs) {
        const a = await sentencesOf(pathA, namesA);
        const b = await sentencesOf(pathB, namesB);
        const shared = [...a].filter((sentence) => b.has(sentence));
        expect(shared.length / a.size, `${pathA} / ${pathB}: ${shared.join(' | ')}`).toBeLessThan(0.5);
      }
    });

    it('answers a short form that names one town with a permanent redirect to it', async () => {
      await request(site.app).get('/toms-river-golf-carts').expect(301).expect('Location', '/toms-river-township-golf-carts');
      await request(site.app).get('/barnegat-light-golf-carts').expect(301).expect('Location', '/barnegat-light-borough-golf-carts');
      await request(site.app).get('/cape-may-golf-carts').expect(301).expect('Location', '/cape-may-city-golf-carts');
      await request(site.app).get('/Toms-River-Golf-Carts').expect(301).expect('Location', '/toms-river-golf-carts');
    });

    it('answers 404 with the not-found page for a town without a page or another spelling', async () => {
      for (const path of ['/atlantic-city-golf-carts', '/ocean-city-city-golf-carts', '/golf-carts', '/no-such-page']) {
        const { text } = await request(site.app).get(path).expect(404);
        expect(text, path).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
        expect(text, path).toContain('<meta name="robots" content="noindex">');
      }
    });
  });

  it('sends /financing to the financing application', async () => {
    await request(site.app).get('/financing').expect(302).expect('Location', FINANCING_URL);
  });

  describe('sitemap and robots', () => {
    it('lists every canonical page once, on the configured origin, with a date', async () => {
      const response = await request(site.app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
      const entries = [...response.text.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
      const locs = entries.map((entry) => entry[1]!);
      expect(new Set(locs).size).toBe(locs.length);
      for (const entry of entries) expect(Number.isNaN(Date.parse(entry[2]!))).toBe(false);
      for (const path of ['/', '/inventory', '/rentals', '/services', '/showroom', '/about', '/contact', '/denago', '/evolution', '/privacy', '/terms']) {
        expect(locs).toContain(`${ORIGIN}${path}`);
      }
      for (const path of [...OCEAN_COUNTY_PATHS, ...CAPE_MAY_COUNTY_PATHS]) expect(locs).toContain(`${ORIGIN}${path}`);
      expect(locs.filter((loc) => loc.startsWith(`${ORIGIN}/vehicles/`))).toHaveLength(23);
      expect(locs).toContain(`${ORIGIN}/vehicles/evolution-d5-maverick-4-plus`);
      expect(locs).not.toContain(`${ORIGIN}/brands/denago`);
      expect(locs).not.toContain(`${ORIGIN}/thank-you`);
    });

    it('lists the model entry page of every vehicle without a model page', async () => {
      const vehicles = (await request(site.app).get('/api/vehicles').expect(200)).body as Array<{ id: string; slug: string }>;
      const { text } = await request(site.app).get('/sitemap.xml').expect(200);
      const detailPages = [...text.matchAll(/<loc>([^<]+\/vehicle\/[^<]+)<\/loc>/g)].map((m) => m[1]);
      const modelPages = new Set([...text.matchAll(/<loc>[^<]+\/vehicles\/([^<]+)<\/loc>/g)].map((m) => m[1]));
      expect(detailPages).toEqual(vehicles.filter((vehicle) => !modelPages.has(vehicle.slug)).map((vehicle) => `${ORIGIN}/vehicle/${vehicle.id}`));
    });

    it('lets crawlers in everywhere and tells them where the sitemap is', async () => {
      const { text } = await request(site.app)
        .get('/robots.txt')
        .expect(200)
        .expect('Content-Type', /text\/plain/);
      expect(text).toMatch(/^User-agent: \*$/m);
      expect(text).toMatch(/^Allow: \/$/m);
      expect(text).not.toMatch(/^Disallow: \/$/m);
      expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    });
  });
});

describe('town pages without the catalog', () => {
  const site = useTestApp({ PUBLIC_ORIGIN: ORIGIN, SEED_CATALOG: false });

  it('shows no popular models, and no error, when the catalog is empty', async () => {
    const { text } = await request(site.app).get('/lavallette-borough-golf-carts').expect(200);
    expect(text).not.toContain('id="popular"');
    expect(text).toMatch(/<h1[^>]*>Golf Carts in Lavallette Borough, NJ<\/h1>/);
  });

  it('still serves the town when the catalog cannot be read', async () => {
    await site.database.simulateOutage();
    const { text } = await request(site.app).get('/surf-city-borough-golf-carts').expect(200);
    expect(text).not.toContain('id="popular"');
    expect(mainText(text)).toContain('Surf City');
  });
});
