import { z } from './zod';
import type { Vehicle } from '../catalog/vehicle';

/** The categories the spec names, offered first and in this order (DECISIONS: "Catalogue"). */
export const SPEC_CATEGORIES = ['ranger', 'maverick', 'forester', 'turfman', 'rover'] as const;
export const BRAND_FILTERS = ['all', 'denago', 'evolution'] as const;
export const PRICE_FILTERS = ['all', 'under-15000', '15000-25000', 'over-25000'] as const;

export type BrandFilter = (typeof BRAND_FILTERS)[number];
export type PriceFilter = (typeof PRICE_FILTERS)[number];

export interface InventoryFilters {
  /** What the shopper typed, as typed; matching ignores case and surrounding spaces. */
  search: string;
  brand: BrandFilter;
  /** 'all', or a category word matched as a substring of the vehicle's category. */
  category: string;
  price: PriceFilter;
}

export const DEFAULT_INVENTORY_FILTERS: InventoryFilters = { search: '', brand: 'all', category: 'all', price: 'all' };

/** The fields a filter reads; a card needs a few more. */
export type FilterableVehicle = Pick<Vehicle, 'name' | 'description' | 'brand' | 'category' | 'price'>;

const SEARCH_MAX_LENGTH = 100;

/** A query parameter given once, several times or not at all: the first value counts. */
const firstValue = z.preprocess((value) => (Array.isArray(value) ? value[0] : value), z.unknown());

const lowerCaseWord = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/**
 * The inventory's query string (?search=&brand=&category=&price=) as filters. A value it does not
 * know becomes the default, so a mistyped or hostile link still shows the inventory.
 */
export const inventoryFiltersSchema = z.object({
  search: firstValue.pipe(z.string().transform((value) => value.slice(0, SEARCH_MAX_LENGTH))).catch(''),
  brand: firstValue.pipe(z.preprocess(lowerCaseWord, z.enum(BRAND_FILTERS))).catch('all'),
  category: firstValue.pipe(z.preprocess(lowerCaseWord, z.string().regex(/^[a-z0-9-]{1,40}$/))).catch('all'),
  price: firstValue.pipe(z.preprocess(lowerCaseWord, z.enum(PRICE_FILTERS))).catch('all'),
});

/**
 * Filters from a query string. With the list of offered categories, a category outside it reads
 * as 'all', like any other unknown value.
 */
export function parseInventoryFilters(query: URLSearchParams | string, categories?: readonly string[]): InventoryFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const firstValues: Record<string, string> = {};
  for (const [key, value] of params) firstValues[key] ??= value;
  const filters = inventoryFiltersSchema.parse(firstValues);
  if (categories && filters.category !== 'all' && !categories.includes(filters.category)) return { ...filters, category: 'all' };
  return filters;
}

/** The query string that reproduces the filters, leaving out every default. */
export function inventoryQuery(filters: InventoryFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.search.trim() !== '') query.set('search', filters.search);
  if (filters.brand !== 'all') query.set('brand', filters.brand);
  if (filters.category !== 'all') query.set('category', filters.category);
  if (filters.price !== 'all') query.set('price', filters.price);
  return query;
}

export function sameFilters(a: InventoryFilters, b: InventoryFilters): boolean {
  return a.search === b.search && a.brand === b.brand && a.category === b.category && a.price === b.price;
}

/** The category choices: the spec's five, then every other category the catalogue holds (A-Z). */
export function categoryOptions(vehicles: readonly Pick<Vehicle, 'category'>[]): string[] {
  const spec: readonly string[] = SPEC_CATEGORIES;
  const others = new Set(vehicles.map((vehicle) => vehicle.category.toLowerCase()).filter((category) => !spec.includes(category)));
  return [...spec, ...[...others].sort()];
}

function matchesSearch(vehicle: FilterableVehicle, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${vehicle.name} ${vehicle.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function matchesPrice(price: number | null, filter: PriceFilter): boolean {
  if (filter === 'all') return true;
  // An unpriced model ("Contact for Pricing") belongs to no price range.
  if (price === null) return false;
  if (filter === 'under-15000') return price < 15000;
  if (filter === '15000-25000') return price >= 15000 && price <= 25000;
  return price > 25000;
}

/** The vehicles that pass every filter at once, in the order given. */
export function filterVehicles<V extends FilterableVehicle>(vehicles: readonly V[], filters: InventoryFilters): V[] {
  const category = filters.category.toLowerCase();
  return vehicles.filter(
    (vehicle) =>
      matchesSearch(vehicle, filters.search) &&
      (filters.brand === 'all' || vehicle.brand.toLowerCase() === filters.brand) &&
      (category === 'all' || vehicle.category.toLowerCase().includes(category)) &&
      matchesPrice(vehicle.price, filters.price),
  );
}
