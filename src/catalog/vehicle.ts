import type { CatalogEntry } from './catalog-entry-schema';

// Read in the browser too: types and constants only. The catalog file's schema (zod) is
// server-side, in catalog-entry-schema.ts.

/** Brands the dealership carries as house brands; the catalog holds only these. */
export const BRANDS = ['denago', 'evolution'] as const;
export type Brand = (typeof BRANDS)[number];

/** Specification keys the product names (docs/product.md#vehicles); any other key is listed generically on detail pages. */
export const NAMED_SPECIFICATION_KEYS = ['topSpeed', 'range', 'seatingCapacity', 'batteryType'] as const;

/** A vehicle as the API answers it and the views read it. */
export interface Vehicle extends CatalogEntry {
  id: string;
}
