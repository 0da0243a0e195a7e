import { UNIT_STATUSES } from '../../../src/catalog/unit-fields';
import type { InventoryFilter } from '../../../src/inventory/inventory-manager';

// The staff inventory's filters as its address carries them (/staff/inventory?q=U24&status=sold…).
// A value the list does not offer is left out (that filter is then off), never passed on.

/** Longer than any stock number or name worth searching for. */
const SEARCH_LENGTH = 80;
/** Far past the last page of any dealer's inventory; a larger number is answered with the first page. */
const LAST_PAGE = 10_000;

const STATUSES: ReadonlyArray<NonNullable<InventoryFilter['status']>> = [...UNIT_STATUSES, 'model'];

/** The filter an inventory address asks for. */
export function inventoryFilterFrom(search: URLSearchParams): InventoryFilter {
  const text = (name: string) => search.get(name)?.trim() ?? '';
  const q = text('q').slice(0, SEARCH_LENGTH).trim();
  const status = STATUSES.find((value) => value === text('status'));
  const origin = text('origin');
  const page = /^\d{1,5}$/.test(text('page')) ? Number(text('page')) : 1;
  return {
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(origin === 'staff' || origin === 'feed' ? { origin } : {}),
    ...(page > 1 && page <= LAST_PAGE ? { page } : {}),
  };
}

/** The query string of a filter (without "?"), in the form's order; `page` only past the first. */
export function inventoryFilterQuery(filter: InventoryFilter): string {
  const params = new URLSearchParams();
  for (const name of ['q', 'status', 'origin'] as const) {
    const value = filter[name];
    if (value) params.set(name, value);
  }
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  return params.toString();
}

export const isInventoryFiltered = (filter: InventoryFilter) => inventoryFilterQuery({ ...filter, page: undefined }) !== '';
