import type { Town } from '../../seeds/towns';
import { townSlug } from './town-slug';

/**
 * The canonical address of a town's landing page: '/toms-river-township-golf-carts',
 * '/cape-may-city-golf-carts', and '/ocean-city-golf-carts' (the type is not repeated when the
 * name already ends with it as a whole word).
 */
export function townPath(town: Pick<Town, 'name' | 'type'>): string {
  const name = townSlug(town.name);
  const type = townSlug(town.type);
  const endsWithType = name === type || name.endsWith(`-${type}`);
  return `/${endsWithType ? name : `${name}-${type}`}-golf-carts`;
}
