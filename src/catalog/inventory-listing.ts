import type { InventoryFilters } from './inventory-filters';
import type { Vehicle } from './vehicle';

/** What an inventory card reads; the rest of a vehicle stays out of the page's data. */
export type InventoryVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'brand' | 'category' | 'price' | 'images' | 'isNew'>;

/** One page of the inventory: the filters, and which page (from 1). */
export interface InventoryQuery {
  filters: InventoryFilters;
  page: number;
}

/**
 * One page of the inventory as the catalog answers it: at most INVENTORY_PAGE_SIZE vehicles in
 * the catalog's order, and what the page needs to say about the rest.
 */
export interface InventoryListing {
  /** The filters applied: those asked for, with a category the catalog does not offer read as 'all'. */
  filters: InventoryFilters;
  vehicles: InventoryVehicle[];
  /** The page these vehicles are on; past the last page the list is empty. */
  page: number;
  /** At least 1, even when nothing matches. */
  pageCount: number;
  /** How many vehicles match the filters. */
  matching: number;
  /** How many vehicles the catalog holds. */
  total: number;
  /** The category filter's choices (categoryOptions): the product's five, then the catalog's others (docs/decisions/003-specification-decisions.md#catalog). */
  categories: string[];
}
