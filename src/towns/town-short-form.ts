import { towns, type Town } from '../../seeds/towns';
import { townSlug } from './town-slug';
import { townByPath } from './town-by-path';

/**
 * The town a short landing-page path names, for a permanent redirect to its canonical path:
 * '/toms-river-golf-carts' → Toms River Township. A short form resolves only when it names exactly
 * one town and is not itself a canonical path ('/ocean-city-golf-carts' is already canonical).
 */
export function townForShortForm(path: string, candidates: readonly Town[] = towns): Town | undefined {
  if (townByPath(path, candidates)) return undefined;
  const matches = candidates.filter((town) => `/${townSlug(town.name)}-golf-carts` === path);
  return matches.length === 1 ? matches[0] : undefined;
}
