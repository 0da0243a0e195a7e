import type { InventoryFilters } from './inventory-filters';
import type { UnitDetails, Vehicle } from './vehicle';

/** A unit's main photo on a card: WebP at its two smaller widths, which every browser decodes. */
export interface CardPhoto {
  src: string;
  srcSet: string;
}

/**
 * What an inventory card reads; the rest of a vehicle stays out of the page's data. Its
 * description is the card's (cardDescription): a search page's 24 cards carried 7 KB of text in its
 * data that no card showed.
 */
export type InventoryVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'brand' | 'category' | 'price' | 'images' | 'isNew'> & {
  /** A unit's brand as its feed writes it, condition and sale status: a card says "USED" or "SALE PENDING". */
  unit?: Pick<UnitDetails, 'brandName' | 'condition' | 'status'>;
  /** A unit's main photo, when it has one; else the card shows the model illustration. */
  photo?: CardPhoto;
};

/** One choice of a filter: its value in the address ('club-car'), and its name as shoppers read it ("Club Car"). */
export type FilterChoice = [value: string, label: string];

/**
 * What the inventory holds to filter by, named by the server so the page's code carries no labels:
 * the brands (the house brands first, then the others A-Z), the categories (the specification's five,
 * docs/product.md#inventory-filters, then the catalog's others), the price ranges, the conditions (new, used, certified: those held) and
 * the showrooms where units stand. None lists 'all', which every filter has.
 */
export interface InventoryChoices {
  brand: FilterChoice[];
  category: FilterChoice[];
  price: FilterChoice[];
  condition: FilterChoice[];
  location: FilterChoice[];
}

/** One page of the inventory: the filters, and which page (from 1). */
export interface InventoryQuery {
  filters: InventoryFilters;
  page: number;
}

/**
 * One page of the inventory as the catalog answers it: at most INVENTORY_PAGE_SIZE vehicles in
 * the catalog's order, and what the page needs to say about the rest. Sold units are not in it.
 */
export interface InventoryListing {
  /** The filters applied: those asked for, with a brand, category or location the catalog does not offer read as 'all'. */
  filters: InventoryFilters;
  vehicles: InventoryVehicle[];
  /** The page these vehicles are on; past the last page the list is empty. */
  page: number;
  /** At least 1, even when nothing matches. */
  pageCount: number;
  /** How many vehicles match the filters. */
  matching: number;
  /** How many vehicles the inventory holds. */
  total: number;
  choices: InventoryChoices;
}
