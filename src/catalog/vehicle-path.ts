import { modelPageSlugs } from '../../seeds/model-page-slugs';
import type { Vehicle } from './vehicle';

/**
 * A vehicle's canonical page: a unit's own page under the inventory (its slug names its year,
 * brand, model and stock number), a model's fixed page when it has one, else the model entry page.
 */
export function vehiclePath(vehicle: Pick<Vehicle, 'id' | 'slug'> & { unit?: object }): string {
  if (vehicle.unit) return `/inventory/${vehicle.slug}`;
  return modelPageSlugs.has(vehicle.slug) ? `/vehicles/${vehicle.slug}` : `/vehicle/${vehicle.id}`;
}
