import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, elementHtml, jsonLd, labelledValues, linksOf, mainOf, textOf } from '../support/page-html';
import { useTestApp } from '../support/test-app';
import { businessFileWith } from '../support/business-file';
import { MODEL_FIGURES } from '../support/fixtures';
import { specificationLabels } from '../../seeds/specification-labels';

const FINANCING_URL = 'https://apply.lender.test/shore';
const PHONE = '(732) 555-0199';

const SPEC = new Map(MODEL_FIGURES.map((figures) => [figures.slug, figures]));
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** "Lithium-ion" and the specified "lithium ion" are the same battery. */
const sameWords = (value: string) => value.toLowerCase().replace(/-/g, ' ');

describe('the figures and buttons of every model page, against the spec', () => {
  const pages = new Map<string, string>();

  const site = useTestApp({ BUSINESS_FILE: businessFileWith({ financingUrl: FINANCING_URL, phone: PHONE }) });
  beforeAll(async () => {
    for (const slug of SPEC.keys()) pages.set(slug, (await request(site.app).get(`/vehicles/${slug}`).expect(200)).text);
  });

  it('covers all 23 fixed pages', () => {
    expect(pages.size).toBe(23);
  });

  describe.each([...SPEC])('%s', (slug, spec) => {
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
      expect(specification('Charging Time')).toBe(spec.more.chargingTime);
      for (const key of spec.notShown ?? []) expect(specification(specificationLabels[key]!.label), key).toBeUndefined();
      for (const [key, value] of Object.entries(spec.more)) {
        const shown = specification(specificationLabels[key]!.label);
        if (key === 'batteryType') expect(sameWords(shown ?? ''), key).toBe(sameWords(value!));
        else expect(shown, key).toBe(value);
      }
    });

    it('repeats the same top speed and range in its hero tiles', () => {
      const hero = elementHtml(main(), /<div class="page-bg-\d/);
      const tiles = new Map(labelledValues(hero));
      expect(tiles.get('Top Speed')).toBe(spec.topSpeed);
      expect(tiles.get('Range')).toBe(spec.range);
    });

    if (spec.layout === 'older') {
      it(
        spec.msrp
          ? `shows the catalog's MSRP ${dollars(spec.msrp)}, without a stock label or NEW badge`
          : 'prints no price, stock label or NEW badge (quoted on request)',
        () => {
          const text = textOf(main());
          expect(text).not.toContain('In Stock');
          expect(main()).not.toMatch(/>NEW</);
          if (spec.msrp) {
            expect(labelledValues(byId(main(), 'price'))).toEqual([
              ['MSRP', dollars(spec.msrp)],
              ['Financing', 'Financing Available'],
            ]);
            expect(text).not.toContain("Ask for today's price");
          } else {
            expect(text).not.toMatch(/\$\d/);
            expect(text).not.toContain('MSRP');
            expect(byId(main(), 'price')).toBe('');
            expect(text).toContain("Ask for today's price");
          }
        },
      );

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
      it(`shows the MSRP ${dollars(spec.msrp!)}, Financing Available, In Stock and delivery in ${spec.delivery}`, () => {
        expect(labelledValues(byId(main(), 'price'))).toEqual([
          ['MSRP', dollars(spec.msrp!)],
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
        expect((product?.offers as { price: number }).price).toBe(spec.msrp);
      });
    }

    it(`${spec.financeOptions ? 'offers' : 'does not offer'} Finance Options and ${spec.viewMoreDetails ? 'offers' : 'does not offer'} View More Details`, () => {
      const links = linksOf(main());
      const finance = links.filter((link) => link.text.startsWith('Finance Options'));
      expect(finance).toEqual(
        spec.financeOptions ? [{ href: FINANCING_URL, text: 'Finance Options (opens in a new tab)', target: '_blank', rel: 'noopener noreferrer' }] : [],
      );
      const details = links.filter((link) => link.text.startsWith('View More Details'));
      expect(details.length).toBe(spec.viewMoreDetails ? 1 : 0);
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
