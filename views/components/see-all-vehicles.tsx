import type { Brand } from '../../src/catalog/vehicle';
import { BRAND_PAGE_LIMIT } from '../../src/catalog/brand-page-list';
import { ButtonLink } from './button-link';
import { Icon } from './icon';

/**
 * Under a brand page's grid, which shows its first vehicles only: a link to all of them, a page at a
 * time, in the inventory. Nothing when the grid already shows every one.
 */
export function SeeAllVehicles({ brand, label, total }: { brand: Brand; label: string; total: number }) {
  if (total <= BRAND_PAGE_LIMIT) return null;
  return (
    <div className="mt-8">
      <ButtonLink to={`/inventory?brand=${brand}`} variant="secondary" size="lg">
        See all {total} {label} vehicles
        <Icon name="arrowRight" className="size-4" />
      </ButtonLink>
    </div>
  );
}
