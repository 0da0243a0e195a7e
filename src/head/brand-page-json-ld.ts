import type { Vehicle } from '../catalog/vehicle';
import { breadcrumbJsonLd } from './breadcrumb-json-ld';
import { vehicleListJsonLd } from './vehicle-list-json-ld';

/**
 * A brand page's structured data: its vehicles as an ItemList when the server had them (the
 * browser's pending list has none to give), and the breadcrumb Home › brand.
 */
export function brandPageJsonLd(
  vehicles: readonly Pick<Vehicle, 'id' | 'slug' | 'name'>[] | Promise<unknown>,
  brand: { label: string; listName: string; path: string },
  origin: string,
): object[] {
  return [
    ...(Array.isArray(vehicles) && vehicles.length > 0 ? [vehicleListJsonLd(vehicles, { name: brand.listName, path: brand.path }, origin)] : []),
    breadcrumbJsonLd(
      [
        { label: 'Home', path: '/' },
        { label: brand.label, path: brand.path },
      ],
      origin,
    ),
  ];
}
