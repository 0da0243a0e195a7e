/** How many vehicles a brand page shows; the rest are a link away, in the inventory. */
export const BRAND_PAGE_LIMIT = 24;

/**
 * A brand page's grid: the brand's first vehicles in the catalogue's order and how many there are,
 * so the page stays the same size however many the catalogue holds.
 */
export function brandPageList<T>(vehicles: readonly T[]): { vehicles: T[]; total: number } {
  return { vehicles: vehicles.slice(0, BRAND_PAGE_LIMIT), total: vehicles.length };
}
