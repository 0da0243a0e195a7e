import type { Vehicle } from '../catalog/vehicle';
import { vehiclePath } from '../catalog/vehicle-path';

/** A page's grid of vehicles as schema.org's ItemList, each entry pointing at the vehicle's canonical page. */
export function vehicleListJsonLd(vehicles: readonly Pick<Vehicle, 'id' | 'slug' | 'name'>[], list: { name: string; path: string }, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: list.name,
    url: new URL(list.path, origin).href,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((vehicle, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: new URL(vehiclePath(vehicle), origin).href,
      name: vehicle.name,
    })),
  };
}
