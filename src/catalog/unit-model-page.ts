import { modelPageSlugs } from '../../seeds/model-page-slugs';
import type { UnitDetails, Vehicle } from './vehicle';
import { townSlug } from '../towns/town-slug';

/**
 * The fixed model page of a unit's model, when the site has one: a used EVOLUTION D5 Maverick 4
 * Plus has /vehicles/evolution-d5-maverick-4-plus. Where a sold unit's page leads after its 30 days.
 */
export function unitModelPage(vehicle: Pick<Vehicle, 'brand'> & { unit: Pick<UnitDetails, 'model'> }): string | undefined {
  const slug = `${vehicle.brand}-${townSlug(vehicle.unit.model)}`;
  return modelPageSlugs.has(slug) ? `/vehicles/${slug}` : undefined;
}
