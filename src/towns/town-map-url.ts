import type { Town } from '../../seeds/towns';
import { townName } from './town-name';

/**
 * The embedded map for a town page: the town's fixed embed when it has one, else a map search
 * for the town by name and type ('Toms River Township, NJ').
 */
export function mapEmbedUrl(town: Pick<Town, 'name' | 'type' | 'mapEmbedUrl'>): string {
  if (town.mapEmbedUrl) return town.mapEmbedUrl;
  const query = encodeURIComponent(`${townName(town)}, NJ`);
  return `https://www.google.com/maps?q=${query}&output=embed`;
}
