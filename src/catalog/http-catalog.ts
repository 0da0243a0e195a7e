import type { Catalog } from './catalog';
import type { Vehicle } from './vehicle';

async function getJson<T>(path: string, failure: (status: number) => string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(failure(response.status));
  return (await response.json()) as T;
}

/** The browser's catalogue: the site's own JSON API. */
export const httpCatalog: Catalog = {
  listVehicles: () => getJson<Vehicle[]>('/api/vehicles', (status) => `Failed to fetch vehicles: ${status}`),
  listVehiclesByBrand: (brand) =>
    getJson<Vehicle[]>(`/api/vehicles/brand/${encodeURIComponent(brand)}`, (status) => `Failed to fetch vehicles: ${status}`),
  findVehicle: async (id) => {
    const response = await fetch(`/api/vehicles/${encodeURIComponent(id)}`, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error('Vehicle not found');
    return (await response.json()) as Vehicle;
  },
};
