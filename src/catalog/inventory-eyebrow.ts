import type { InventoryListing } from './inventory-listing';

/**
 * The line above the inventory's heading: the brands it lists, as the filter form names them
 * (house brands first, then the others A-Z), or the one brand chosen. Empty for an empty inventory.
 */
export function inventoryEyebrow({ filters, choices }: Pick<InventoryListing, 'filters' | 'choices'>): string {
  const chosen = choices.brand.filter(([key]) => key === filters.brand);
  return (chosen.length > 0 ? chosen : choices.brand).map(([, label]) => label).join(' · ');
}
