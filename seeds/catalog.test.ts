import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema';
import catalogFile from './catalog.json';
import { modelPages } from './model-pages';
import { specificationLabels } from './specification-labels';

const catalog = catalogFile.map((entry) => catalogEntrySchema.parse(entry));
const entryFor = (slug: string) => {
  const entry = catalog.find((candidate) => candidate.slug === slug);
  if (!entry) throw new Error(`no catalog entry for ${slug}`);
  return entry;
};
const publicFile = (sitePath: string) => fileURLToPath(new URL(`../public${sitePath}`, import.meta.url));

// The 23 fixed model pages of docs/product.md#model-pages, with the four hidden EVOLUTION slugs of docs/decisions/003-specification-decisions.md#placeholders.
const SPEC_SLUGS = [
  'denago-ev-city',
  'denago-ev-nomad',
  'denago-ev-rover-xl',
  'denago-ev-nomad-xl',
  'denago-ev-rover-xl6',
  'denago-ev-rover-xxl',
  'evolution-d5-ranger-6-plus',
  'evolution-d5-ranger-22-plus',
  'evolution-forester-4-plus',
  'evolution-turfman-1000',
  'evolution-d6-max-gt4',
  'evolution-classic-4-plus',
  'evolution-carrier-6-plus',
  'evolution-carrier-8-plus',
  'evolution-classic-2-plus',
  'evolution-classic-2-pro',
  'evolution-d5-maverick-4',
  'evolution-d5-maverick-6',
  'evolution-d5-maverick-4-plus',
  'evolution-d5-maverick-6-plus',
  'evolution-d6-max-gt6',
  'evolution-d6-max-xt4',
  'evolution-d6-max-xt6',
];

// The specified figures, docs/product.md#model-figures (prices: the price-banner MSRPs, the priced DENAGO strip and the home page's featured carts).
const SPEC_FIGURES: Record<string, { price: number | null; seats: number; range: string; topSpeed: string; payload: string }> = {
  'evolution-d5-ranger-6-plus': { price: null, seats: 6, range: '30-45 mi', topSpeed: '19 mph', payload: '1,200 lbs' },
  'evolution-d5-ranger-22-plus': { price: null, seats: 4, range: '30-45 mi', topSpeed: '19 mph', payload: '800 lbs' },
  'evolution-forester-4-plus': { price: null, seats: 4, range: '35-50 mi', topSpeed: '25 mph', payload: '1,200 lbs' },
  'evolution-turfman-1000': { price: null, seats: 2, range: '40-60 mi', topSpeed: '15 mph', payload: '1,000 lbs' },
  'evolution-d6-max-gt4': { price: 16995, seats: 4, range: '40-55 mi', topSpeed: '25+ mph', payload: '900 lbs' },
  'evolution-classic-4-plus': { price: null, seats: 4, range: '35-45 mi', topSpeed: '19 mph', payload: '800 lbs' },
  'denago-ev-city': { price: 11995, seats: 4, range: '40-50 mi', topSpeed: '25 mph', payload: '900 lbs' },
  'denago-ev-nomad': { price: null, seats: 4, range: '45-60 mi', topSpeed: '25 mph', payload: '1,000 lbs' },
  'denago-ev-rover-xl': { price: null, seats: 4, range: 'Up to 50 mi', topSpeed: '25 mph', payload: '800 lbs' },
  'denago-ev-nomad-xl': { price: 15995, seats: 6, range: '45-55 mi', topSpeed: '25 mph', payload: '1,200 lbs' },
  'denago-ev-rover-xl6': { price: 18995, seats: 6, range: '50-65 mi', topSpeed: '25 mph', payload: '1,200 lbs' },
  'denago-ev-rover-xxl': { price: 19995, seats: 8, range: '50-65 mi', topSpeed: '25 mph', payload: '1,400 lbs' },
  'evolution-carrier-6-plus': { price: 13995, seats: 6, range: '30-40 mi', topSpeed: '20 mph', payload: '1,200 lbs' },
  'evolution-carrier-8-plus': { price: 15995, seats: 8, range: '30-40 mi', topSpeed: '20 mph', payload: '1,400 lbs' },
  'evolution-classic-2-plus': { price: 9995, seats: 2, range: '25-35 mi', topSpeed: '19 mph', payload: '400 lbs' },
  'evolution-classic-2-pro': { price: 11995, seats: 2, range: '30-40 mi', topSpeed: '19 mph', payload: '500 lbs' },
  'evolution-d5-maverick-4': { price: 11995, seats: 4, range: '30-40 mi', topSpeed: '25 mph', payload: '800 lbs' },
  'evolution-d5-maverick-6': { price: 13995, seats: 6, range: '30-40 mi', topSpeed: '25 mph', payload: '1,000 lbs' },
  'evolution-d5-maverick-4-plus': { price: 12995, seats: 4, range: '35-45 mi', topSpeed: '25 mph', payload: '800 lbs' },
  'evolution-d5-maverick-6-plus': { price: 14995, seats: 6, range: '35-45 mi', topSpeed: '25 mph', payload: '1,200 lbs' },
  'evolution-d6-max-gt6': { price: 18995, seats: 6, range: '45-60 mi', topSpeed: '25+ mph', payload: '1,200 lbs' },
  'evolution-d6-max-xt4': { price: 17995, seats: 4, range: '40-55 mi', topSpeed: '25+ mph', payload: '1,000 lbs' },
  'evolution-d6-max-xt6': { price: 19995, seats: 6, range: '40-55 mi', topSpeed: '25+ mph', payload: '1,200 lbs' },
};

// The specified figures beyond the common four (docs/product.md#model-figures).
const SPEC_EXTRAS: Record<string, Record<string, string>> = {
  'evolution-d5-ranger-6-plus': {
    chargingTime: '6-8 hours', towingCapacity: '1,500 lbs', length: '158 in', width: '61 in', height: '75 in',
    groundClearance: '6.5 in', turningRadius: '11 ft',
  },
  'evolution-d5-ranger-22-plus': { chargingTime: '6-8 hours', towingCapacity: '1,200 lbs' },
  'evolution-forester-4-plus': { chargingTime: '6-8 hours', towingCapacity: '1,500 lbs', bedSize: '48 x 32 in' },
  'evolution-turfman-1000': { chargingTime: '8-10 hours', towingCapacity: '1,800 lbs', batteryType: 'Deep cycle lead-acid' },
  'evolution-classic-4-plus': { chargingTime: '8-10 hours', batteryVoltage: '48V' },
  'denago-ev-city': { chargingPort: '110V', batteryType: 'Lithium-ion', streetLegal: 'NEV certified for roads up to 35 mph' },
  'denago-ev-nomad': { towingCapacity: '1,500 lbs', tires: 'All-terrain' },
  'denago-ev-rover-xl': { batteryType: 'Lithium-ion', brakes: 'Hydraulic disc', warranty: '2-year limited' },
  'denago-ev-nomad-xl': { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
  'denago-ev-rover-xl6': { chargingTime: '8-10 hours', batteryType: 'Premium lithium' },
  'denago-ev-rover-xxl': { chargingTime: '8-10 hours', batteryType: 'Premium lithium' },
  'evolution-carrier-6-plus': { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
  'evolution-carrier-8-plus': { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
  'evolution-classic-2-plus': { chargingTime: '8-10 hours', batteryType: 'Deep cycle' },
  'evolution-classic-2-pro': { chargingTime: '8-10 hours', batteryType: 'Enhanced deep cycle' },
  'evolution-d5-maverick-4': { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
  'evolution-d5-maverick-6': { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
  'evolution-d5-maverick-4-plus': { chargingTime: '6-8 hours', batteryType: 'Lithium-ion' },
  'evolution-d5-maverick-6-plus': { chargingTime: '8-10 hours', batteryType: 'Lithium-ion' },
  'evolution-d6-max-gt4': { batteryType: 'Lithium-ion' },
  'evolution-d6-max-gt6': { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
  'evolution-d6-max-xt4': { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
  'evolution-d6-max-xt6': { chargingTime: '6-8 hours', batteryType: 'High-performance lithium' },
};

// Layouts, buttons and delivery windows: docs/product.md#model-page-layouts, #model-page-buttons and #model-figures.
const OLDER_LAYOUT = [
  'evolution-d5-ranger-6-plus', 'evolution-d5-ranger-22-plus', 'evolution-forester-4-plus', 'evolution-turfman-1000',
  'denago-ev-city', 'evolution-d6-max-gt4', 'denago-ev-nomad', 'evolution-classic-4-plus', 'denago-ev-rover-xl',
];
const PRICED_LAYOUT = ['denago-ev-nomad-xl', 'denago-ev-rover-xl6', 'denago-ev-rover-xxl'];
const FINANCE_OPTIONS = [
  'denago-ev-rover-xl6', 'denago-ev-rover-xxl', 'denago-ev-nomad-xl', 'denago-ev-city', 'denago-ev-nomad', 'denago-ev-rover-xl',
  'evolution-carrier-6-plus', 'evolution-carrier-8-plus', 'evolution-classic-2-plus', 'evolution-classic-2-pro',
  'evolution-d5-maverick-4', 'evolution-d5-maverick-6', 'evolution-d5-maverick-4-plus', 'evolution-d5-maverick-6-plus',
  'evolution-d6-max-gt4', 'evolution-d6-max-gt6', 'evolution-d6-max-xt4', 'evolution-d6-max-xt6',
];
const VIEW_MORE_DETAILS = ['denago-ev-city', 'denago-ev-nomad', 'denago-ev-nomad-xl', 'evolution-carrier-6-plus', 'evolution-d5-maverick-4-plus'];
const DELIVERY: Record<string, string> = {
  'denago-ev-nomad-xl': '2-3 Weeks', 'denago-ev-rover-xl6': '2-3 Weeks', 'denago-ev-rover-xxl': '2-3 Weeks',
  'evolution-classic-2-plus': '1-2 Weeks', 'evolution-classic-2-pro': '1-2 Weeks',
  'evolution-d5-maverick-4': '1-2 Weeks', 'evolution-d5-maverick-6': '1-2 Weeks',
  'evolution-d5-maverick-4-plus': '1-2 Weeks', 'evolution-d5-maverick-6-plus': '1-2 Weeks',
  'evolution-carrier-6-plus': '2-3 Weeks', 'evolution-carrier-8-plus': '2-3 Weeks',
  'evolution-d6-max-gt6': '2-3 Weeks', 'evolution-d6-max-xt4': '2-3 Weeks', 'evolution-d6-max-xt6': '2-3 Weeks',
};
const FILTER_CATEGORIES: Record<string, string[]> = {
  ranger: ['evolution-d5-ranger-6-plus', 'evolution-d5-ranger-22-plus'],
  maverick: ['evolution-d5-maverick-4', 'evolution-d5-maverick-6', 'evolution-d5-maverick-4-plus', 'evolution-d5-maverick-6-plus'],
  forester: ['evolution-forester-4-plus'],
  turfman: ['evolution-turfman-1000'],
  rover: ['denago-ev-rover-xl', 'denago-ev-rover-xl6', 'denago-ev-rover-xxl'],
};

describe('shipped catalog', () => {
  it('holds exactly the 23 model pages of the spec, each slug once', () => {
    const slugs = catalog.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual([...SPEC_SLUGS].sort());
  });

  it('names each model after its brand, in the brand of its slug', () => {
    for (const entry of catalog) {
      expect(entry.slug.startsWith(`${entry.brand}-`)).toBe(true);
      expect(entry.name.startsWith(entry.brand === 'denago' ? 'DENAGO ' : 'EVOLUTION ')).toBe(true);
    }
  });

  it.each(Object.entries(SPEC_FIGURES))('shows the spec price, seats, range, top speed and payload of %s', (slug, figures) => {
    const entry = entryFor(slug);
    expect(entry.price).toBe(figures.price);
    expect(Number.parseInt(entry.specifications.seatingCapacity, 10)).toBe(figures.seats);
    expect(entry.specifications.range).toBe(figures.range);
    expect(entry.specifications.topSpeed).toBe(figures.topSpeed);
    expect(entry.specifications.payloadCapacity).toBe(figures.payload);
  });

  it.each(Object.entries(SPEC_EXTRAS))('shows the further spec figures of %s', (slug, extras) => {
    expect(entryFor(slug).specifications).toMatchObject(extras);
  });

  it('lets every model be found by one of the five spec category filters or its own category', () => {
    for (const [filter, slugs] of Object.entries(FILTER_CATEGORIES)) {
      const matched = catalog.filter((entry) => entry.category.includes(filter)).map((entry) => entry.slug);
      expect(matched.sort()).toEqual([...slugs].sort());
    }
  });

  it('lists new, in-stock models with 4 to 8 features', () => {
    for (const entry of catalog) {
      expect(entry.inStock).toBe(true);
      expect(entry.isNew).toBe(true);
      expect(entry.features.length).toBeGreaterThanOrEqual(4);
      expect(entry.features.length).toBeLessThanOrEqual(8);
    }
  });

  it('labels every specification key it uses', () => {
    for (const entry of catalog) {
      for (const key of Object.keys(entry.specifications)) expect(specificationLabels[key], key).toBeDefined();
    }
  });

  it('points every image at a file that exists under public/', () => {
    expect(existsSync(publicFile('/images/vehicles/placeholder.svg'))).toBe(true);
    for (const entry of catalog) {
      expect(entry.images).toEqual([`/images/vehicles/${entry.slug}.svg`]);
      for (const image of entry.images) expect(existsSync(publicFile(image)), image).toBe(true);
    }
  });
});

describe('model pages', () => {
  it('has exactly one page per catalog entry', () => {
    const pageSlugs = modelPages.map((page) => page.slug);
    expect(new Set(pageSlugs).size).toBe(pageSlugs.length);
    expect([...pageSlugs].sort()).toEqual(catalog.map((entry) => entry.slug).sort());
  });

  it('uses the layout of spec 2.3 and the matching hero buttons', () => {
    for (const page of modelPages) {
      const layout = OLDER_LAYOUT.includes(page.slug) ? 'classic' : PRICED_LAYOUT.includes(page.slug) ? 'priced' : 'price-banner';
      expect(page.layout, page.slug).toBe(layout);
      expect(page.heroButtons, page.slug).toBe(layout === 'classic' ? 'quote-and-test-drive' : 'quote-and-quote-today');
      expect(page.availability, page.slug).toBe(layout === 'classic' ? null : 'In Stock');
    }
  });

  it('shows an MSRP on every priced and price-banner page', () => {
    for (const page of modelPages.filter((candidate) => candidate.layout !== 'classic')) {
      expect(entryFor(page.slug).price, page.slug).not.toBeNull();
    }
  });

  it('offers Finance Options and View More Details exactly where spec 2.4 says', () => {
    for (const page of modelPages) {
      expect(page.financeOptions, page.slug).toBe(FINANCE_OPTIONS.includes(page.slug));
      if (VIEW_MORE_DETAILS.includes(page.slug)) expect(page.viewMoreDetailsUrl, page.slug).toMatch(/^https:\/\/[^/]+\/\S+$/);
      else expect(page.viewMoreDetailsUrl, page.slug).toBeNull();
    }
  });

  it('promises the delivery windows of spec 9 and none elsewhere', () => {
    for (const page of modelPages) expect(page.delivery, page.slug).toBe(DELIVERY[page.slug] ?? null);
  });

  it('shows hero tiles that agree with the catalog figures', () => {
    for (const page of modelPages) {
      const specifications: Record<string, string> = entryFor(page.slug).specifications;
      for (const tile of page.highlights) expect(tile.value, `${page.slug} ${tile.label}`).toBe(specifications[tile.specificationKey]);
    }
  });

  it('gives the series badges of spec 3.1 to the price-banner series', () => {
    const badge = (slug: string) => modelPages.find((page) => page.slug === slug)?.seriesBadge;
    expect(badge('evolution-carrier-6-plus')).toBe('Carrier');
    expect(badge('evolution-classic-2-plus')).toBe('Classic');
    expect(badge('evolution-classic-2-pro')).toBe('Classic Pro');
    expect(badge('evolution-d5-maverick-4-plus')).toBe('D5 Maverick');
    expect(badge('evolution-d6-max-gt6')).toBe('D6 Max');
    expect(badge('evolution-d6-max-xt4')).toBe('D6 Max XT');
  });

  it('lists standard features only on the D5 Ranger 6 Plus page', () => {
    for (const page of modelPages) {
      expect(page.standardFeatures.length > 0, page.slug).toBe(page.slug === 'evolution-d5-ranger-6-plus');
    }
  });

  it('builds each SEO title from the model name and leaves the phone out of the description', () => {
    for (const page of modelPages) {
      expect(page.seo.title.startsWith(entryFor(page.slug).name)).toBe(true);
      expect(page.seo.description).not.toMatch(/\(\d{3}\)|\d{3}-\d{4}/);
      expect(page.seo.keywords.length).toBeGreaterThan(0);
    }
  });
});
