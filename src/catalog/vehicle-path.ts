import { modelPageSlugs } from '../../seeds/model-page-slugs';
import type { Vehicle } from './vehicle';

/** A vehicle's canonical page: its fixed model page when it has one, else the detail page. */
export function vehiclePath(vehicle: Pick<Vehicle, 'id' | 'slug'>): string {
  return modelPageSlugs.has(vehicle.slug) ? `/vehicles/${vehicle.slug}` : `/vehicle/${vehicle.id}`;
}
