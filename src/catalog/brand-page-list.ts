import type { Vehicle } from './vehicle';

/** How many vehicles a brand page shows; the rest are a link away, in the inventory. */
export const BRAND_PAGE_LIMIT = 24;

/** What a brand page's card reads; the rest of a vehicle stays out of the page's data. */
export type BrandVehicle = Pick<Vehicle, 'id' | 'slug' | 'name' | 'description' | 'price' | 'images' | 'inStock' | 'isNew'>;

/**
 * A brand page's grid: the brand's first vehicles in the catalog's order, each as its card reads
 * it, and how many there are, so the page stays the same size however many the catalog holds.
 */
export function brandPageList(vehicles: readonly Vehicle[]): { vehicles: BrandVehicle[]; total: number } {
  return {
    vehicles: vehicles.slice(0, BRAND_PAGE_LIMIT).map(({ id, slug, name, description, price, images, inStock, isNew }) => ({
      id,
      slug,
      name,
      description,
      price,
      images: images.slice(0, 1),
      inStock,
      isNew,
    })),
    total: vehicles.length,
  };
}
