import type { Brand } from '../../src/catalog/vehicle';
import { BRAND_PAGE_LIMIT, type BrandVehicle } from '../../src/catalog/brand-page-list';
import { ButtonLink } from './button-link';
import { CatalogVehicleCard, VEHICLE_GRID_CLASSES, type VehicleCardProps } from './vehicle-card';

interface BrandVehicleGridProps {
  brand: Brand;
  /** The brand as the link names it: "DENAGO". */
  label: string;
  vehicles: BrandVehicle[];
  /** How many vehicles of the brand the catalog holds; the grid shows the first BRAND_PAGE_LIMIT. */
  total: number;
  /** A card's badge, when the page states one (EVOLUTION's availability). */
  badge?: (vehicle: BrandVehicle) => VehicleCardProps['badge'];
}

/**
 * A brand page's grid of its first vehicles, then, when there are more, a link to all of them, a
 * page at a time, in the inventory.
 */
export function BrandVehicleGrid({ brand, label, vehicles, total, badge }: BrandVehicleGridProps) {
  return (
    <>
      <ul className={VEHICLE_GRID_CLASSES}>
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <CatalogVehicleCard vehicle={vehicle} badge={badge?.(vehicle)} />
          </li>
        ))}
      </ul>
      {total > BRAND_PAGE_LIMIT ? (
        <div className="mt-8">
          <ButtonLink to={`/inventory?brand=${brand}`} variant="secondary" size="lg" arrow="right">
            See all {total} {label} vehicles
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}
