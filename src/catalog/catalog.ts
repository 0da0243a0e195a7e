import type { InventoryListing, InventoryQuery } from './inventory-listing';
import type { Brand, Vehicle } from './vehicle';

/**
 * How route loaders read the catalog. On the server it is the catalog service (no HTTP hop);
 * in the browser it is the JSON API. Pages read only what they show: one page of the inventory, the
 * featured vehicles by slug, the count; the whole list is for the API and the sitemap.
 */
export interface Catalog {
  listVehicles(): Promise<Vehicle[]>;
  listVehiclesByBrand(brand: Brand): Promise<Vehicle[]>;
  /** One vehicle by its uuid, or null when there is none. */
  findVehicle(id: string): Promise<Vehicle | null>;
  /** One vehicle by its slug, sold units too (their pages still answer), or null when there is none. */
  findVehicleBySlug(slug: string): Promise<Vehicle | null>;
  /** The vehicles with these slugs that the catalog holds, in the catalog's order. */
  findVehiclesBySlug(slugs: readonly string[]): Promise<Vehicle[]>;
  /** One page of the inventory, filtered. */
  findInventoryPage(query: InventoryQuery): Promise<InventoryListing>;
  /** How many vehicles the catalog holds. */
  countVehicles(): Promise<number>;
}
