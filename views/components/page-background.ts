import { stableHash } from '../../src/text/stable-hash';

const BACKGROUND_COUNT = 6;

/** One of six decorative backgrounds, chosen by a stable hash of the route so a page keeps its look. */
export function pageBackground(routeKey: string): string {
  return `page-bg-${stableHash(routeKey) % BACKGROUND_COUNT}`;
}
