import type { InventoryChoices, FilterChoice } from '../../src/catalog/inventory-listing';
import { BRANDS } from '../../src/catalog/vehicle';
import { CONDITION_LABELS } from '../../src/catalog/condition-label';
import { categoryOptions, CONDITION_FILTERS, type OfferedKeys, type PriceFilter } from '../../src/catalog/inventory-filters';
import { compareBrands } from './catalog-order';
import { LISTED } from './inventory-match';

/** What the inventory holds to filter by, and how much of it, in one pass over the listed vehicles. */
export const INVENTORY_CHOICES_PIPELINE = [
  { $match: LISTED },
  {
    $facet: {
      total: [{ $count: 'count' }],
      categories: [{ $group: { _id: '$category' } }],
      brands: [{ $group: { _id: '$brand', name: { $first: '$unit.brandName' } } }],
      conditions: [{ $group: { _id: { $ifNull: ['$unit.condition', 'new'] } } }],
      locations: [{ $match: { 'unit.location': { $type: 'string' } } }, { $group: { _id: '$unit.location' } }],
    },
  },
];

export interface InventoryChoicesResult {
  total: Array<{ count: number }>;
  categories: Array<{ _id: string }>;
  brands: Array<{ _id: string; name?: string | null }>;
  conditions: Array<{ _id: string }>;
  locations: Array<{ _id: string }>;
}

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
 * The filter form's choices and the inventory's size, from the pipeline's answer. A house brand
 * reads in capitals (DENAGO), another brand as the feed writes it ("Club Car"); a showroom by its
 * name from the business file.
 */
export function inventoryChoices(
  result: InventoryChoicesResult | undefined,
  showroomNames: ReadonlyMap<string, string>,
): { total: number; choices: InventoryChoices; offered: OfferedKeys } {
  const held = (list: Array<{ _id: string }> | undefined) => (list ?? []).map((entry) => entry._id);
  const conditions = held(result?.conditions);
  const brand: FilterChoice[] = (result?.brands ?? [])
    .sort((a, b) => compareBrands(a._id, b._id))
    .map((entry) => [entry._id, houseBrands.includes(entry._id) || !entry.name ? entry._id.toUpperCase() : entry.name]);
  const category = categoryOptions(held(result?.categories).map((key) => ({ category: key })));
  const location = held(result?.locations).sort();
  return {
    total: result?.total[0]?.count ?? 0,
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
