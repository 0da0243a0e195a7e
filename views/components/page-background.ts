const BACKGROUND_COUNT = 6;

/** One of six decorative backgrounds, chosen by a stable hash of the route so a page keeps its look. */
export function pageBackground(routeKey: string): string {
  let hash = 2166136261;
  for (const character of routeKey) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 16777619);
  }
  return `page-bg-${(hash >>> 0) % BACKGROUND_COUNT}`;
}
