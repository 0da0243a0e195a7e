import { towns, type Town } from '../../seeds/towns';
import { townPath } from './town-path';

/** The town whose canonical landing-page path is exactly `path`, if any. */
export function townByPath(path: string, candidates: readonly Town[] = towns): Town | undefined {
  return candidates.find((town) => townPath(town) === path);
}
