import shippedCatalog from '../../seeds/catalog.json';
import type { Catalog } from '../../src/catalog/catalog';
import type { Vehicle } from '../../src/catalog/vehicle';

/** The shipped model entries as the catalog answers them, each with an id of its own. */
// The JSON's inferred type gives each entry every other entry's specification keys as undefined.
export const SHIPPED_VEHICLES: Vehicle[] = (shippedCatalog as unknown as Array<Omit<Vehicle, 'id'>>).map((entry, index) => ({
  ...entry,
  id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
}));

export interface RecordingCatalog extends Catalog {
  /** Every method called, by name, in order: what a page asked of the catalog. */
  calls: Array<keyof Catalog>;
}

/**
 * A catalog double over `vehicles` that records which of its methods were called, so a test can
 * tell a page that looks up one vehicle from one that reads the whole list.
 */
export function recordingCatalog(vehicles: Vehicle[] = SHIPPED_VEHICLES): RecordingCatalog {
  const calls: Array<keyof Catalog> = [];
  const record = <Name extends keyof Catalog>(name: Name, answer: Catalog[Name]): Catalog[Name] =>
    // The double's answers keep their own signatures; only the call is noted on the way.
    ((...args: unknown[]) => {
      calls.push(name);
      return (answer as (...args: unknown[]) => unknown)(...args);
    }) as Catalog[Name];
  return {
    calls,
    listVehicles: record('listVehicles', async () => vehicles),
    listVehiclesByBrand: record('listVehiclesByBrand', async (brand) => vehicles.filter((vehicle) => vehicle.brand === brand)),
    findVehicle: record('findVehicle', async (id) => vehicles.find((vehicle) => vehicle.id === id.toLowerCase()) ?? null),
    findVehicleBySlug: record('findVehicleBySlug', async (slug) => vehicles.find((vehicle) => vehicle.slug === slug) ?? null),
    findVehiclesBySlug: record('findVehiclesBySlug', async (slugs) => vehicles.filter((vehicle) => slugs.includes(vehicle.slug))),
    findInventoryPage: record('findInventoryPage', async () => {
      throw new Error('the recording catalog has no inventory pages');
    }),
    countVehicles: record('countVehicles', async () => vehicles.length),
  };
}
