import type { BusinessProfile } from '../config/business-profile';
import type { InventoryListing } from '../catalog/inventory-listing';
import { vehicleListJsonLd } from './vehicle-list-json-ld';

/**
 * An inventory page's ItemList, named for its page, at the page's canonical `path`: only what the
 * page shows, so none for an empty page, and none for a search, whose results are one visitor's and
 * not the list at its canonical address (the whole inventory).
 */
export function inventoryListJsonLd(
  listing: Pick<InventoryListing, 'vehicles' | 'filters' | 'page'>,
  path: string,
  business: Pick<BusinessProfile, 'name' | 'origin'>,
): object[] {
  if (listing.vehicles.length === 0 || listing.filters.search) return [];
  const page = listing.page > 1 ? `, Page ${listing.page}` : '';
  return [vehicleListJsonLd(listing.vehicles, { name: `${business.name} golf cart and LSV inventory${page}`, path }, business.origin)];
}
