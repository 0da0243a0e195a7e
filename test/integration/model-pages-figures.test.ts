import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byId, elementHtml, jsonLd, labelledValues, linksOf, mainOf, textOf } from '../support/page-html';
import { startTestApp, type TestApp } from '../support/test-app';
import { businessFileWith } from '../support/business-file';

const FINANCING_URL = 'https://apply.lender.test/shore';
const PHONE = '(732) 555-0199';

type Layout = 'older' | 'priced' | 'price-banner';

interface SpecFigures {
  layout: Layout;
  seats: number;
  range: string;
  topSpeed: string;
  /** null: the product says "not shown" (docs/product.md#model-figures), so the page must not show one. */
  charge: string | null;
  payload: string;
  /** null: "not shown"; undefined: the specified table has no such column for the model. */
  towing?: string | null;
  battery?: string;
  /** Further figures by their label on the page. */
  other?: Record<string, string>;
  msrp?: string;
  delivery?: string;
}

// The specified figures, prices and delivery windows (docs/product.md#model-figures), as the shopper reads them.
const SPEC: Record<string, SpecFigures> = {
  'evolution-d5-ranger-6-plus': {
    layout: 'older', seats: 6, range: '30-45 mi', topSpeed: '19 mph', charge: '6-8 hours', payload: '1,200 lbs', towing: '1,500 lbs',
    other: { Length: '158 in', Width: '61 in', Height: '75 in', 'Ground Clearance': '6.5 in', 'Turning Radius': '11 ft' },
  },
  'evolution-d5-ranger-22-plus': { layout: 'older', seats: 4, range: '30-45 mi', topSpeed: '19 mph', charge: '6-8 hours', payload: '800 lbs', towing: '1,200 lbs' },
  'evolution-forester-4-plus': {
    layout: 'older', seats: 4, range: '35-50 mi', topSpeed: '25 mph', charge: '6-8 hours', payload: '1,200 lbs', towing: '1,500 lbs',
    other: { 'Cargo Bed Size': '48 x 32 in' },
  },
  'evolution-turfman-1000': {
    layout: 'older', seats: 2, range: '40-60 mi', topSpeed: '15 mph', charge: '8-10 hours', payload: '1,000 lbs', towing: '1,800 lbs',
    battery: 'deep cycle lead acid',
  },
  'evolution-d6-max-gt4': { layout: 'older', msrp: '$16,995', seats: 4, range: '40-55 mi', topSpeed: '25+ mph', charge: null, payload: '900 lbs', towing: null, battery: 'lithium ion' },
  'evolution-classic-4-plus': {
    layout: 'older', seats: 4, range: '35-45 mi', topSpeed: '19 mph', charge: '8-10 hours', payload: '800 lbs', towing: null,
    other: { 'Battery Voltage': '48V' },
  },
  'denago-ev-city': {
    layout: 'older', msrp: '$11,995', seats: 4, range: '40-50 mi', topSpeed: '25 mph', charge: null, payload: '900 lbs', battery: 'lithium ion',
    other: { 'Street Legal': 'NEV certified for roads up to 35 mph', 'Charging Port': '110V' },
  },
  'denago-ev-nomad': {
    layout: 'older', seats: 4, range: '45-60 mi', topSpeed: '25 mph', charge: null, payload: '1,000 lbs', towing: '1,500 lbs',
    other: { Tires: 'All-terrain' },
  },
  'denago-ev-rover-xl': {
    layout: 'older', seats: 4, range: 'Up to 50 mi', topSpeed: '25 mph', charge: null, payload: '800 lbs', battery: 'lithium ion',
    other: { Brakes: 'Hydraulic disc', Warranty: '2-year limited' },
  },
  'denago-ev-nomad-xl': {
    layout: 'priced', seats: 6, range: '45-55 mi', topSpeed: '25 mph', charge: '6-8 hours', payload: '1,200 lbs', battery: 'lithium ion',
    msrp: '$15,995', delivery: '2-3 Weeks',
  },
  'denago-ev-rover-xl6': {
    layout: 'priced', seats: 6, range: '50-65 mi', topSpeed: '25 mph', charge: '8-10 hours', payload: '1,200 lbs', battery: 'premium lithium',
    msrp: '$18,995', delivery: '2-3 Weeks',
  },
  'denago-ev-rover-xxl': {
    layout: 'priced', seats: 8, range: '50-65 mi', topSpeed: '25 mph', charge: '8-10 hours', payload: '1,400 lbs', battery: 'premium lithium',
    msrp: '$19,995', delivery: '2-3 Weeks',
  },
  'evolution-carrier-6-plus': {
    layout: 'price-banner', msrp: '$13,995', topSpeed: '20 mph', range: '30-40 mi', seats: 6, battery: 'deep cycle', charge: '8-10 hours',
    payload: '1,200 lbs', delivery: '2-3 Weeks',
  },
  'evolution-carrier-8-plus': {
    layout: 'price-banner', msrp: '$15,995', topSpeed: '20 mph', range: '30-40 mi', seats: 8, battery: 'deep cycle', charge: '8-10 hours',
    payload: '1,400 lbs', delivery: '2-3 Weeks',
  },
  'evolution-classic-2-plus': {
    layout: 'price-banner', msrp: '$9,995', topSpeed: '19 mph', range: '25-35 mi', seats: 2, battery: 'deep cycle', charge: '8-10 hours',
    payload: '400 lbs', delivery: '1-2 Weeks',
  },
  'evolution-classic-2-pro': {
    layout: 'price-banner', msrp: '$11,995', topSpeed: '19 mph', range: '30-40 mi', seats: 2, battery: 'enhanced deep cycle', charge: '8-10 hours',
    payload: '500 lbs', delivery: '1-2 Weeks',
  },
  'evolution-d5-maverick-4': {
    layout: 'price-banner', msrp: '$11,995', topSpeed: '25 mph', range: '30-40 mi', seats: 4, battery: 'lithium ion', charge: '6-8 hours',
    payload: '800 lbs', delivery: '1-2 Weeks',
  },
  'evolution-d5-maverick-6': {
    layout: 'price-banner', msrp: '$13,995', topSpeed: '25 mph', range: '30-40 mi', seats: 6, battery: 'lithium ion', charge: '6-8 hours',
    payload: '1,000 lbs', delivery: '1-2 Weeks',
  },
  'evolution-d5-maverick-4-plus': {
    layout: 'price-banner', msrp: '$12,995', topSpeed: '25 mph', range: '35-45 mi', seats: 4, battery: 'lithium ion', charge: '6-8 hours',
    payload: '800 lbs', delivery: '1-2 Weeks',
  },
  'evolution-d5-maverick-6-plus': {
    layout: 'price-banner', msrp: '$14,995', topSpeed: '25 mph', range: '35-45 mi', seats: 6, battery: 'lithium ion', charge: '8-10 hours',
    payload: '1,200 lbs', delivery: '1-2 Weeks',
  },
  'evolution-d6-max-gt6': {
    layout: 'price-banner', msrp: '$18,995', topSpeed: '25+ mph', range: '45-60 mi', seats: 6, battery: 'high performance lithium',
    charge: '6-8 hours', payload: '1,200 lbs', delivery: '2-3 Weeks',
  },
  'evolution-d6-max-xt4': {
    layout: 'price-banner', msrp: '$17,995', topSpeed: '25+ mph', range: '40-55 mi', seats: 4, battery: 'high performance lithium',
    charge: '6-8 hours', payload: '1,000 lbs', delivery: '2-3 Weeks',
  },
  'evolution-d6-max-xt6': {
    layout: 'price-banner', msrp: '$19,995', topSpeed: '25+ mph', range: '40-55 mi', seats: 6, battery: 'high performance lithium',
    charge: '6-8 hours', payload: '1,200 lbs', delivery: '2-3 Weeks',
  },
};

// docs/product.md#model-page-buttons: the pages with Finance Options and with View More Details.
const FINANCE_OPTIONS = new Set([
  'denago-ev-rover-xl6', 'denago-ev-rover-xxl', 'denago-ev-nomad-xl', 'denago-ev-city', 'denago-ev-nomad', 'denago-ev-rover-xl',
  'evolution-carrier-6-plus', 'evolution-carrier-8-plus', 'evolution-classic-2-plus', 'evolution-classic-2-pro',
  'evolution-d5-maverick-4', 'evolution-d5-maverick-6', 'evolution-d5-maverick-4-plus', 'evolution-d5-maverick-6-plus',
  'evolution-d6-max-gt4', 'evolution-d6-max-gt6', 'evolution-d6-max-xt4', 'evolution-d6-max-xt6',
]);
const VIEW_MORE_DETAILS = new Set(['denago-ev-city', 'denago-ev-nomad', 'denago-ev-nomad-xl', 'evolution-carrier-6-plus', 'evolution-d5-maverick-4-plus']);

/** "Lithium-ion" and the specified "lithium ion" are the same battery. */
const sameWords = (value: string) => value.toLowerCase().replace(/-/g, ' ');

describe('the figures and buttons of every model page, against the spec', () => {
  let site: TestApp;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    site = await startTestApp({ BUSINESS_FILE: businessFileWith({ financingUrl: FINANCING_URL, phone: PHONE }) });
    for (const slug of Object.keys(SPEC)) pages.set(slug, (await request(site.app).get(`/vehicles/${slug}`).expect(200)).text);
  });

  afterAll(async () => {
    await site?.close();
  });

  it('covers all 23 fixed pages', () => {
    expect(pages.size).toBe(23);
  });

  describe.each(Object.entries(SPEC))('%s', (slug, spec) => {
    const main = () => mainOf(pages.get(slug)!);
    const specification = (label: string) => {
      const rows = labelledValues(byId(main(), 'specifications')).filter(([rowLabel]) => rowLabel === label);
      expect(rows.length, `${label} listed at most once`).toBeLessThanOrEqual(1);
      return rows[0]?.[1];
    };

    it('lists the seats, range, top speed, charge time, payload and towing the spec gives', () => {
      expect(Number.parseInt(specification('Seating Capacity') ?? '', 10)).toBe(spec.seats);
      expect(specification('Range')).toBe(spec.range);
      expect(specification('Top Speed')).toBe(spec.topSpeed);
      expect(specification('Payload Capacity')).toBe(spec.payload);
      expect(specification('Charging Time')).toBe(spec.charge ?? undefined);
      if (spec.towing !== undefined) expect(specification('Towing Capacity')).toBe(spec.towing ?? undefined);
      if (spec.battery) expect(sameWords(specification('Battery') ?? '')).toBe(spec.battery);
      for (const [label, value] of Object.entries(spec.other ?? {})) expect(specification(label), label).toBe(value);
    });

    it('repeats the same top speed and range in its hero tiles', () => {
      const hero = elementHtml(main(), /<div class="page-bg-\d/);
      const tiles = new Map(labelledValues(hero));
      expect(tiles.get('Top Speed')).toBe(spec.topSpeed);
      expect(tiles.get('Range')).toBe(spec.range);
    });

    if (spec.layout === 'older') {
      it(spec.msrp ? `shows the catalog's MSRP ${spec.msrp}, without a stock label or NEW badge` : 'prints no price, stock label or NEW badge (quoted on request)', () => {
        const text = textOf(main());
        expect(text).not.toContain('In Stock');
        expect(main()).not.toMatch(/>NEW</);
        if (spec.msrp) {
          expect(labelledValues(byId(main(), 'price'))).toEqual([
            ['MSRP', spec.msrp],
            ['Financing', 'Financing Available'],
          ]);
          expect(text).not.toContain("Ask for today's price");
        } else {
          expect(text).not.toMatch(/\$\d/);
          expect(text).not.toContain('MSRP');
          expect(byId(main(), 'price')).toBe('');
          expect(text).toContain("Ask for today's price");
        }
      });

      it('closes with Contact Us Today, a call button and the call, business hours and service area cards', () => {
        const links = linksOf(main());
        expect(links.find((link) => link.text === 'Contact Us Today')?.href).toMatch(/^\/contact\?/);
        expect(links.some((link) => link.href === 'tel:+17325550199' && link.text.includes(PHONE))).toBe(true);
        const text = textOf(main());
        for (const heading of ['Call Us', 'Business Hours', 'Service Area']) expect(text).toContain(heading);
        const hours = labelledValues(main()).filter(([days]) => /^(Mon-Fri|Sat|Sun)$/.test(days));
        expect(hours).toEqual([
          ['Mon-Fri', '9AM-5PM'],
          ['Sat', '9AM-5PM'],
          ['Sun', 'Closed'],
        ]);
        expect(links.some((link) => link.text.startsWith('Visit Showroom'))).toBe(false);
      });
    } else {
      it(`shows the MSRP ${spec.msrp}, Financing Available, In Stock and delivery in ${spec.delivery}`, () => {
        expect(labelledValues(byId(main(), 'price'))).toEqual([
          ['MSRP', spec.msrp],
          ['Financing', 'Financing Available'],
          ['Availability', 'In Stock'],
          ['Delivery', spec.delivery],
        ]);
      });

      it('marks the picture NEW and closes with Get Quote Today and Visit Showroom (the financing application)', () => {
        expect(main().match(/>NEW</g)).toHaveLength(1);
        const links = linksOf(main());
        const showroom = links.filter((link) => link.text.startsWith('Visit Showroom'));
        expect(showroom).toEqual([{ href: FINANCING_URL, text: 'Visit Showroom (opens in a new tab)', target: '_blank', rel: 'noopener noreferrer' }]);
        expect(links.filter((link) => link.text.startsWith('Get Quote Today')).length).toBeGreaterThanOrEqual(2);
        expect(links.some((link) => link.text === 'Contact Us Today')).toBe(false);
      });

      it('offers the priced model to search engines at the same price', () => {
        const product = jsonLd(pages.get(slug)!).find((entry) => entry['@type'] === 'Product');
        expect((product?.offers as { price: number }).price).toBe(Number(spec.msrp!.replace(/[$,]/g, '')));
      });
    }

    it(`${FINANCE_OPTIONS.has(slug) ? 'offers' : 'does not offer'} Finance Options and ${VIEW_MORE_DETAILS.has(slug) ? 'offers' : 'does not offer'} View More Details`, () => {
      const links = linksOf(main());
      const finance = links.filter((link) => link.text.startsWith('Finance Options'));
      expect(finance).toEqual(
        FINANCE_OPTIONS.has(slug) ? [{ href: FINANCING_URL, text: 'Finance Options (opens in a new tab)', target: '_blank', rel: 'noopener noreferrer' }] : [],
      );
      const details = links.filter((link) => link.text.startsWith('View More Details'));
      expect(details.length).toBe(VIEW_MORE_DETAILS.has(slug) ? 1 : 0);
      for (const link of details) {
        expect(link).toMatchObject({ text: 'View More Details (opens in a new tab)', target: '_blank', rel: 'noopener noreferrer' });
        expect(link.href).toMatch(/^https:\/\/[^/]+\/\S+$/);
      }
    });

    it('opens every other site in a new tab without opener or referrer, and says so', () => {
      for (const link of linksOf(main()).filter((candidate) => /^https?:/.test(candidate.href))) {
        expect(link, link.href).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
        expect(link.text).toMatch(/\(opens in a new tab\)$/);
      }
    });

    it(`${slug === 'evolution-d5-ranger-6-plus' ? 'shows' : 'has no'} quick specs and a standard features list`, () => {
      const quick = labelledValues(byId(main(), 'quick-specs'));
      const standard = byId(main(), 'standard-features');
      if (slug === 'evolution-d5-ranger-6-plus') {
        const figures = new Map(quick);
        expect(Number.parseInt(figures.get('Seating Capacity') ?? '', 10)).toBe(6);
        expect([...figures].filter(([label]) => label !== 'Seating Capacity')).toEqual([
          ['Range', '30-45 mi'],
          ['Top Speed', '19 mph'],
          ['Charging Time', '6-8 hours'],
          ['Payload Capacity', '1,200 lbs'],
          ['Towing Capacity', '1,500 lbs'],
        ]);
        const items = [...standard.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((match) => textOf(match[1]!)).join(' | ');
        for (const fact of [/6 adults/, /30-45 mi/, /19 mph/, /1,500 lbs towing/, /6\.5 in ground clearance/, /11 ft turning radius/]) expect(items).toMatch(fact);
      } else {
        expect(quick).toEqual([]);
        expect(standard).toBe('');
      }
    });
  });
});
