import { DEFAULT_INVENTORY_FILTERS } from './inventory-query';
import type { Catalog } from './catalog';
import type { InventoryVehicle } from './inventory-listing';
import type { Vehicle } from './vehicle';

/** How many vehicles a sold unit's page offers instead. */
const SIMILAR_COUNT = 3;

/**
 * What a sold unit's page offers instead: vehicles for sale of its brand, then of its category,
 * then any, in the inventory's order, never the unit itself.
 */
export async function similarVehicles(catalog: Pick<Catalog, 'findInventoryPage'>, vehicle: Pick<Vehicle, 'id' | 'brand' | 'category'>): Promise<InventoryVehicle[]> {
  const found: InventoryVehicle[] = [];
  for (const narrowing of [{ brand: vehicle.brand }, { category: vehicle.category }, {}]) {
    const { vehicles } = await catalog.findInventoryPage({ filters: { ...DEFAULT_INVENTORY_FILTERS, ...narrowing }, page: 1 });
    for (const candidate of vehicles) {
      if (candidate.id !== vehicle.id && !found.some((other) => other.id === candidate.id)) found.push(candidate);
    }
    if (found.length >= SIMILAR_COUNT) break;
  }
  return found.slice(0, SIMILAR_COUNT);
}
