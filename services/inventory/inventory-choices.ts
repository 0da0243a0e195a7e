import type { HeldChoices } from '../../models/vehicle.repository';
import type { InventoryChoices, FilterChoice } from '../../src/catalog/inventory-listing';
import { BRANDS } from '../../src/catalog/vehicle';
import { CONDITION_LABELS } from '../../src/catalog/condition-label';
import { categoryOptions, CONDITION_FILTERS, type OfferedKeys, type PriceFilter } from '../../src/catalog/inventory-filters';

/** "d6-max" → "D6 Max": a category as a shopper reads it. */
function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const houseBrands: readonly string[] = BRANDS;

const PRICE_LABELS: Record<Exclude<PriceFilter, 'all'>, string> = {
  'under-15000': 'Under $15,000',
  '15000-25000': '$15,000 - $25,000',
  'over-25000': 'Over $25,000',
};
const PRICE_CHOICES = Object.entries(PRICE_LABELS) as FilterChoice[];

/**
 * The filter form's choices and the inventory's size, from what the inventory holds. A house brand
 * reads in capitals (DENAGO), another brand as the feed writes it ("Club Car"); a showroom by its
 * name from the business file.
 */
export function inventoryChoices(held: HeldChoices, showroomNames: ReadonlyMap<string, string>): { total: number; choices: InventoryChoices; offered: OfferedKeys } {
  const { conditions, locations: location } = held;
  // In the catalog's brand order, as the repository groups them.
  const brand: FilterChoice[] = held.brands.map(({ key, name }) => [key, houseBrands.includes(key) || !name ? key.toUpperCase() : name]);
  const category = categoryOptions(held.categories.map((key) => ({ category: key })));
  return {
    total: held.total,
    choices: {
      brand,
      category: category.map((key) => [key, categoryLabel(key)]),
      price: PRICE_CHOICES,
      condition: CONDITION_FILTERS.flatMap((key) => (key !== 'all' && conditions.includes(key) ? [[key, CONDITION_LABELS[key]] satisfies FilterChoice] : [])),
      location: location.map((key) => [key, showroomNames.get(key) ?? key]),
    },
    offered: { brands: brand.map(([key]) => key), categories: category, locations: location },
  };
}
