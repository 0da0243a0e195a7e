import { inventoryQuery } from './inventory-query';
import type { Catalog } from './catalog';
import type { InventoryListing } from './inventory-listing';
import type { Vehicle } from './vehicle';

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to fetch vehicles: ${response.status}`);
  return (await response.json()) as T;
}

/** The browser's catalog: the site's own JSON API. */
export const httpCatalog: Catalog = {
  listVehicles: () => getJson<Vehicle[]>('/api/vehicles'),
  listVehiclesByBrand: (brand) => getJson<Vehicle[]>(`/api/vehicles/brand/${encodeURIComponent(brand)}`),
  findVehicle: async (id) => {
    const response = await fetch(`/api/vehicles/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error('Vehicle not found');
    return (await response.json()) as Vehicle;
  },
  findVehicleBySlug: async (slug) => (await httpCatalog.findVehiclesBySlug([slug]))[0] ?? null,
  findVehiclesBySlug: (slugs) => getJson<Vehicle[]>(`/api/vehicles?${new URLSearchParams(slugs.map((slug) => ['slug', slug])).toString()}`),
  findInventoryPage: ({ filters, page }) => {
    const query = inventoryQuery(filters, page).toString();
    return getJson<InventoryListing>(`/api/inventory${query ? `?${query}` : ''}`);
  },
  countVehicles: async () => (await getJson<{ count: number }>('/api/vehicles/count')).count,
};
