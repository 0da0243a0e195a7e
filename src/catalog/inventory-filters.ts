import type { Vehicle } from './vehicle';

/** The categories the product names, offered first and in this order (docs/decisions/003-specification-decisions.md#catalog). */
export const SPEC_CATEGORIES = ['ranger', 'maverick', 'forester', 'turfman', 'rover'] as const;
export const PRICE_FILTERS = ['all', 'under-15000', '15000-25000', 'over-25000'] as const;
/** New carts (every model entry, and new units), used ones, and used ones the dealer certified. */
export const CONDITION_FILTERS = ['all', 'new', 'used', 'certified'] as const;

export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Each price range's bounds in dollars (below, from, up to and including, above); an unpriced vehicle is in none. */
export const PRICE_RANGES: Record<Exclude<PriceFilter, 'all'>, { lt?: number; gte?: number; lte?: number; gt?: number }> = {
  'under-15000': { lt: 15000 },
  '15000-25000': { gte: 15000, lte: 25000 },
  'over-25000': { gt: 25000 },
};
export type ConditionFilter = (typeof CONDITION_FILTERS)[number];

export interface InventoryFilters {
  /** What the shopper typed, as typed; matching ignores case and surrounding spaces. */
  search: string;
  /** 'all', or a brand's key as the catalog holds it ('denago', 'club-car'): any brand the data has. */
  brand: string;
  /** 'all', or a category word matched as a substring of the vehicle's category. */
  category: string;
  price: PriceFilter;
  condition: ConditionFilter;
  /** 'all', or the id of the showroom where the units stand ('waretown'). */
  location: string;
}

/** What the catalog offers to filter by, as keys: a link naming anything else reads as 'all'. */
export interface OfferedKeys {
  brands: readonly string[];
  categories: readonly string[];
  locations: readonly string[];
}

/** The longest search the form takes (its input's maxlength); the filters keep no more of one. */
export const SEARCH_MAX_LENGTH = 100;

/** Vehicles on one page of the inventory. */
export const INVENTORY_PAGE_SIZE = 24;

/** Page numbers above this are not pages of any catalog this site will hold. */
const MAX_PAGE = 99_999;

const lowerCaseWord = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : undefined);
const oneOf = <T extends string>(choices: readonly T[], value: unknown, fallback: T): T => choices.find((choice) => choice === lowerCaseWord(value)) ?? fallback;
/** A brand, category or showroom key: a short lower-case word with hyphens. */
const keyWord = (value: unknown) => {
  const word = lowerCaseWord(value);
  return word !== undefined && /^[a-z0-9-]{1,40}$/.test(word) ? word : 'all';
};

/**
 * Filters from query parameters (the first value of each name counts). A value it does not know
 * becomes the default, so a mistyped or hostile link still shows the inventory; it never fails,
 * whatever the values are. Plain checks rather than a schema, as this runs in the browser too.
 */
export function inventoryFiltersFrom(values: Record<string, unknown>): InventoryFilters {
  return {
    search: typeof values.search === 'string' ? values.search.slice(0, SEARCH_MAX_LENGTH) : '',
    brand: keyWord(values.brand),
    category: keyWord(values.category),
    price: oneOf(PRICE_FILTERS, values.price, 'all'),
    condition: oneOf(CONDITION_FILTERS, values.condition, 'all'),
    location: keyWord(values.location),
  };
}

/** The filters with a brand, category or location the catalog does not offer read as 'all'. */
export function offeredFilters(filters: InventoryFilters, choices: OfferedKeys): InventoryFilters {
  const offered = (value: string, keys: readonly string[]) => (keys.includes(value) ? value : 'all');
  return {
    ...filters,
    brand: offered(filters.brand, choices.brands),
    category: offered(filters.category, choices.categories),
    location: offered(filters.location, choices.locations),
  };
}

function firstValues(query: URLSearchParams | string): Record<string, string> {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const values: Record<string, string> = {};
  for (const [key, value] of params) values[key] ??= value;
  return values;
}

/** Filters from a query string. The catalog then reads those it does not offer as 'all' (offeredFilters). */
export function parseInventoryFilters(query: URLSearchParams | string): InventoryFilters {
  return inventoryFiltersFrom(firstValues(query));
}

/** The page number a query string asks for: a whole number from 1, else the first page. */
export function parseInventoryPage(query: URLSearchParams | string): number {
  const value = firstValues(query).page?.trim() ?? '';
  const page = /^\d{1,5}$/.test(value) ? Number(value) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function sameFilters(a: InventoryFilters, b: InventoryFilters): boolean {
  return (Object.keys(a) as (keyof InventoryFilters)[]).every((key) => a[key] === b[key]);
}

/** The category choices: the product's five, then every other category the catalog holds (A-Z; docs/decisions/003-specification-decisions.md#catalog). */
export function categoryOptions(vehicles: readonly Pick<Vehicle, 'category'>[]): string[] {
  const spec: readonly string[] = SPEC_CATEGORIES;
  const others = new Set(vehicles.map((vehicle) => vehicle.category.toLowerCase()).filter((category) => !spec.includes(category)));
  return [...spec, ...[...others].sort()];
}
