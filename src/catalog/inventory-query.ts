import { parseInventoryFilters, parseInventoryPage, SEARCH_MAX_LENGTH, type InventoryFilters } from './inventory-filters';

// Apart from the filters' parsing (inventory-filters.ts): the browser's catalog writes these
// queries on every page, and only the inventory page parses them.

export const DEFAULT_INVENTORY_FILTERS: InventoryFilters = { search: '', brand: 'all', category: 'all', price: 'all', condition: 'all', location: 'all' };

/** The query string that reproduces the filters (and the page), leaving out every default. */
export function inventoryQuery(filters: InventoryFilters, page = 1): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.search.trim() !== '') query.set('search', filters.search);
  if (filters.brand !== 'all') query.set('brand', filters.brand);
  if (filters.category !== 'all') query.set('category', filters.category);
  if (filters.price !== 'all') query.set('price', filters.price);
  if (filters.condition !== 'all') query.set('condition', filters.condition);
  if (filters.location !== 'all') query.set('location', filters.location);
  if (page > 1) query.set('page', String(page));
  return query;
}

/** What a request for the inventory (the page or /api/inventory) asks for, and how it may be kept. */
export interface InventoryRequest {
  filters: InventoryFilters;
  page: number;
  /** The normalized query the answer is kept under: parameter order, defaults and unknown values do not count. */
  key: string;
  /** A search holds what one visitor typed: its answer is that visitor's, never kept or shared. */
  perVisitor: boolean;
  /**
   * Longer than the form ever writes (a search past its maxlength, or more query than every filter
   * at its longest): refused with 400 rather than searched, so it costs nothing.
   */
  tooLong: boolean;
}

/** What a visitor is told when the inventory's query is longer than the form ever writes. */
export const INVENTORY_QUERY_TOO_LONG = 'That search is too long. Please shorten it and try again.';

/** Room for every filter at its longest, a page number and the search, encoded. */
const MAX_QUERY_LENGTH = 600;

export function inventoryRequest(params: URLSearchParams): InventoryRequest {
  const filters = parseInventoryFilters(params);
  const page = parseInventoryPage(params);
  const tooLong = params.toString().length > MAX_QUERY_LENGTH || (params.get('search') ?? '').length > SEARCH_MAX_LENGTH;
  return { filters, page, key: inventoryQuery(filters, page).toString(), perVisitor: filters.search.trim() !== '', tooLong };
}
