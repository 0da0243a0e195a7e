import { systemClock } from '../src/time/clock';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema.server';
import catalogFile from './catalog.json';
import { modelPages } from './model-pages';
import { specificationLabels } from './specification-labels';
import { MODEL_FIGURES } from '../test/support/fixtures';

const catalog = catalogFile.map((entry) => catalogEntrySchema(systemClock()).parse(entry));
const entryFor = (slug: string) => {
  const entry = catalog.find((candidate) => candidate.slug === slug);
  if (!entry) throw new Error(`no catalog entry for ${slug}`);
  return entry;
};
const publicFile = (sitePath: string) => fileURLToPath(new URL(`../public${sitePath}`, import.meta.url));

const figuresOf = (slug: string) => {
  const figures = MODEL_FIGURES.find((candidate) => candidate.slug === slug);
  if (!figures) throw new Error(`${slug} is none of the spec's model pages`);
  return figures;
};

/** Each slug of `items` once, and exactly the slugs of `expected`. */
function expectEachSlugOnce(items: ReadonlyArray<{ slug: string }>, expected: ReadonlyArray<{ slug: string }>) {
  const slugs = items.map((item) => item.slug);
  expect(new Set(slugs).size).toBe(slugs.length);
  expect([...slugs].sort()).toEqual(expected.map((item) => item.slug).sort());
}

const FILTER_CATEGORIES: Record<string, string[]> = {
  ranger: ['evolution-d5-ranger-6-plus', 'evolution-d5-ranger-22-plus'],
  maverick: ['evolution-d5-maverick-4', 'evolution-d5-maverick-6', 'evolution-d5-maverick-4-plus', 'evolution-d5-maverick-6-plus'],
  forester: ['evolution-forester-4-plus'],
  turfman: ['evolution-turfman-1000'],
  rover: ['denago-ev-rover-xl', 'denago-ev-rover-xl6', 'denago-ev-rover-xxl'],
};

describe('shipped catalog', () => {
  it('holds exactly the 23 model pages of the spec, each slug once', () => {
    expectEachSlugOnce(catalog, MODEL_FIGURES);
  });

  it('names each model after its brand, in the brand of its slug', () => {
    for (const entry of catalog) {
      expect(entry.slug.startsWith(`${entry.brand}-`)).toBe(true);
      expect(entry.name.startsWith(entry.brand === 'denago' ? 'DENAGO ' : 'EVOLUTION ')).toBe(true);
    }
  });

  it.each(MODEL_FIGURES.map((figures) => [figures.slug, figures] as const))('shows the spec price, seats, range, top speed and payload of %s', (slug, figures) => {
    const entry = entryFor(slug);
    expect(entry.price).toBe(figures.msrp);
    expect(Number.parseInt(entry.specifications.seatingCapacity, 10)).toBe(figures.seats);
    expect(entry.specifications.range).toBe(figures.range);
    expect(entry.specifications.topSpeed).toBe(figures.topSpeed);
    expect(entry.specifications.payloadCapacity).toBe(figures.payload);
  });

  it.each(MODEL_FIGURES.map((figures) => [figures.slug, figures.more] as const))('shows the further spec figures of %s', (slug, more) => {
    expect(entryFor(slug).specifications).toMatchObject(more);
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
  it('print no figure in their copy that the catalog does not give: range, payload, towing and top speed', () => {
    // The hero tiles read the catalog; the written copy repeats some figures in words, so a changed
    // catalog figure must change the copy too. A road's speed limit ("roads up to 35 mph") is no figure of the cart.
    const figureRules: Array<[RegExp, string]> = [
      [/(\d+(?:-\d+)?)\+? miles?\b/g, 'range'],
      [/([\d,]+) ?lbs? payload/g, 'payloadCapacity'],
      [/([\d,]+) ?lbs? (?:of )?towing/g, 'towingCapacity'],
      [/(?<!(?:roads|limits) up to )\b(\d+)\+? mph/g, 'topSpeed'],
    ];
    const wholeNumber = (number: string, text: string) => new RegExp(`(^|\\D)${number}(\\D|$)`).test(text.replaceAll(',', ''));
    const mismatches: string[] = [];
    let checked = 0;
    for (const page of modelPages) {
      const specifications: Record<string, string> = entryFor(page.slug).specifications;
      const copy = [page.tagline, ...page.features.flatMap((feature) => [feature.title, feature.description]), ...page.standardFeatures, page.seo.description].join(
        ' | ',
      );
      for (const [pattern, key] of figureRules) {
        for (const [phrase, figure] of copy.matchAll(pattern)) {
          checked += 1;
          const value = specifications[key] ?? '';
          if (
            !figure!
              .replaceAll(',', '')
              .split('-')
              .every((number) => wholeNumber(number, value))
          )
            mismatches.push(`${page.slug}: "${phrase}" but ${key} is "${value}"`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });

  it('has exactly one page per catalog entry', () => {
    expectEachSlugOnce(modelPages, catalog);
  });

  it('uses the layout the specification gives (docs/product.md#model-page-layouts) and the matching hero buttons', () => {
    for (const page of modelPages) {
      const { layout } = figuresOf(page.slug);
      expect(page.layout, page.slug).toBe(layout);
      expect(page.heroButtons, page.slug).toBe(layout === 'older' ? 'quote-and-test-drive' : 'quote-and-quote-today');
      expect(page.availability, page.slug).toBe(layout === 'older' ? null : 'In Stock');
    }
  });

  it('shows an MSRP on every priced and price-banner page', () => {
    for (const page of modelPages.filter((candidate) => candidate.layout !== 'older')) {
      expect(entryFor(page.slug).price, page.slug).not.toBeNull();
    }
  });

  it('offers Finance Options and View More Details exactly where the specification says (docs/product.md#model-page-buttons)', () => {
    for (const page of modelPages) {
      expect(page.financeOptions, page.slug).toBe(figuresOf(page.slug).financeOptions);
      if (figuresOf(page.slug).viewMoreDetails) expect(page.viewMoreDetailsUrl, page.slug).toMatch(/^https:\/\/[^/]+\/\S+$/);
      else expect(page.viewMoreDetailsUrl, page.slug).toBeNull();
    }
  });

  it('promises the delivery windows the specification gives (docs/product.md#model-figures) and none elsewhere', () => {
    for (const page of modelPages) expect(page.delivery, page.slug).toBe(figuresOf(page.slug).delivery);
  });

  it('gives every hero tile a figure the catalog has for the model', () => {
    for (const page of modelPages) {
      const specifications: Record<string, string> = entryFor(page.slug).specifications;
      for (const tile of page.highlights) expect(specifications[tile.specificationKey], `${page.slug} ${tile.label}`).toMatch(/\S/);
    }
  });

  it.each([
    ['evolution-carrier-6-plus', 'Carrier'],
    ['evolution-classic-2-plus', 'Classic'],
    ['evolution-classic-2-pro', 'Classic Pro'],
    ['evolution-d5-maverick-4-plus', 'D5 Maverick'],
    ['evolution-d6-max-gt6', 'D6 Max'],
    ['evolution-d6-max-xt4', 'D6 Max XT'],
  ])('gives %s the series badge %s of the specification (docs/product.md#model-pages)', (slug, badge) => {
    expect(modelPages.find((page) => page.slug === slug)?.seriesBadge).toBe(badge);
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
