import { PRICE_RANGES, SPEC_CATEGORIES, type PriceFilter } from '../src/catalog/inventory-filters';
import { BRANDS } from '../src/catalog/vehicle';

/**
 * What a vehicle stores so that the inventory's filters and order are read from one index
 * ({ facets: 1, order: 1 }) instead of computed over every vehicle on each request: each filter
 * value the vehicle passes as a facet (models/vehicle-match.ts asks for them), and its place in
 * the catalog's order as one string that sorts as the order does. Written by the repository
 * after every catalog write (models/vehicle.repository.ts), from the vehicle's own fields.
 */
export interface InventoryKeys {
  order: string;
  facets: string[];
}

/** The fields the keys are made of. */
export interface KeyedFields {
  slug: string;
  name: string;
  brand: string;
  category: string;
  price?: number | null;
  unit?: { condition?: string; location?: string; status?: string } | null;
}

export const LISTED_FACET = 'listed';
export const brandFacet = (brand: string) => `brand:${brand}`;
export const categoryFacet = (category: string) => `category:${category.toLowerCase()}`;
export const priceFacet = (price: Exclude<PriceFilter, 'all'>) => `price:${price}`;
export const conditionFacet = (condition: string) => `condition:${condition}`;
export const locationFacet = (location: string) => `location:${location}`;

const houseBrands: readonly string[] = BRANDS;
const SEPARATOR = '\u0001';

const inRange = (price: number, { lt = Infinity, gte = -Infinity, lte = Infinity, gt = -Infinity }: (typeof PRICE_RANGES)[keyof typeof PRICE_RANGES]) =>
  price < lt && price >= gte && price <= lte && price > gt;

/**
 * The filter values a listed vehicle passes (a sold unit passes none): its brand; its own category
 * and each of the product's categories it contains (the filter matches a part of the category);
 * its price band; its condition (a model entry is new); its showroom.
 */
function facetsOf(fields: KeyedFields): string[] {
  if (fields.unit?.status === 'sold') return [];
  const category = fields.category.toLowerCase();
  const facets = [LISTED_FACET, brandFacet(fields.brand), categoryFacet(category)];
  for (const spec of SPEC_CATEGORIES) if (spec !== category && category.includes(spec)) facets.push(categoryFacet(spec));
  const price = fields.price ?? null;
  if (price !== null) {
    for (const [band, range] of Object.entries(PRICE_RANGES)) if (inRange(price, range)) facets.push(priceFacet(band as keyof typeof PRICE_RANGES));
  }
  facets.push(conditionFacet(fields.unit?.condition ?? 'new'));
  if (fields.unit?.location) facets.push(locationFacet(fields.unit.location));
  return facets;
}

// The name's order is the catalog's collation (English, numbers by value, case and accents
// ignored; docs/decisions/003-specification-decisions.md#catalog) written out as code points
// compared one by one, as MongoDB compares strings without a collation: spaces and punctuation in
// the collation's own order below digits, a run of digits as its length then its digits, letters
// folded to lower case without accents.
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const PUNCTUATION = [...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'].sort((a, b) => byName.compare(a, b) || (a < b ? -1 : 1));
const punctuationKey = new Map(PUNCTUATION.map((character, rank) => [character, String.fromCharCode(0x02 + rank)]));

function nameKey(name: string): string {
  const folded = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return folded.replace(/\d+|./gsu, (part) => {
    if (/^\d/.test(part)) {
      const digits = part.replace(/^0+(?=\d)/, '');
      // Longer numbers are larger: the length first (as one character from '1'), then the digits.
      return String.fromCharCode(0x30 + Math.min(digits.length, 0x2f)) + digits;
    }
    return punctuationKey.get(part) ?? part;
  });
}

/**
 * The catalog's order (the house brands in BRANDS order, then other brands A-Z by key; priced
 * before unpriced, by price; the name; the slug) as one string: each part fixed-width or ended
 * by a character below any it holds.
 */
function orderOf(fields: KeyedFields): string {
  const rank = houseBrands.indexOf(fields.brand);
  const price = fields.price ?? null;
  return [
    String(rank === -1 ? houseBrands.length : rank).padStart(3, '0'),
    fields.brand,
    price === null ? '1' : `0${String(price).padStart(15, '0')}`,
    nameKey(fields.name),
    fields.slug,
  ].join(SEPARATOR);
}

export function inventoryKeys(fields: KeyedFields): InventoryKeys {
  return { order: orderOf(fields), facets: facetsOf(fields) };
}

/**
 * An update that sets a vehicle's fields, with its keys cleared ($unset) unless it writes them: the
 * repository writes them again from the stored vehicle (vehicleRepository.writeMissingKeys).
 */
export function withoutKeys<T extends Record<string, unknown>>(update: T): T {
  const set = update.$set as Record<string, unknown> | undefined;
  // Only $set changes a stored vehicle's fields here ($setOnInsert writes a new one, which has none).
  if (!set || 'facets' in set) return update;
  const unset = (update.$unset as Record<string, unknown> | undefined) ?? {};
  return { ...update, $unset: { ...unset, order: 1, facets: 1 } };
}
