import type { InventoryListing } from './inventory-listing';

/** More brands than this and the line names the first ones and counts the rest. */
const NAMED_BRANDS = 4;

/**
 * The line above the inventory's heading: the brands it lists, as the filter form names them
 * (house brands first, then the others A-Z), or the one brand chosen. Null for an empty inventory.
 */
export function inventoryEyebrow({ filters, choices }: Pick<InventoryListing, 'filters' | 'choices'>): string | null {
  const names = choices.brand.map(([, label]) => label);
  const chosen = choices.brand.find(([key]) => key === filters.brand);
  if (chosen) return chosen[1];
  if (names.length === 0) return null;
  if (names.length <= NAMED_BRANDS) return names.join(' · ');
  const named = names.slice(0, NAMED_BRANDS - 1);
  return [...named, `${names.length - named.length} more brands`].join(' · ');
}
