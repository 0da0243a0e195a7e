import { BRANDS, type Vehicle } from '../../src/catalog/vehicle';

type Ordered = Pick<Vehicle, 'brand' | 'price' | 'name' | 'slug'>;

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const houseBrands: readonly string[] = BRANDS;

/** The house brands first, in BRANDS order, then every other brand (used units) A-Z by key. */
export function compareBrands(a: string, b: string): number {
  const rankA = houseBrands.indexOf(a);
  const rankB = houseBrands.indexOf(b);
  if (rankA !== rankB) return (rankA === -1 ? houseBrands.length : rankA) - (rankB === -1 ? houseBrands.length : rankB);
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareVehicles(a: Ordered, b: Ordered): number {
  const brand = compareBrands(a.brand, b.brand);
  if (brand !== 0) return brand;
  if (a.price !== b.price) {
    // Unpriced ("Contact for Pricing") vehicles come after every priced one of their brand.
    if (a.price === null) return 1;
    if (b.price === null) return -1;
    return a.price - b.price;
  }
  const name = byName.compare(a.name, b.name);
  if (name !== 0) return name;
  // Slugs are unique, so the order never depends on how the database returned the documents.
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/**
 * The catalog's one order (docs/decisions/003-specification-decisions.md#catalog): by brand (house brands first), then price ascending with unpriced
 * vehicles last, then by name. Returns a new array.
 */
export function sortVehicles<T extends Ordered>(vehicles: readonly T[]): T[] {
  return [...vehicles].sort(compareVehicles);
}
