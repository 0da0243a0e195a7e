import type { CatalogVersion } from '../../services/catalog.service';
import { sequentialSharedReads } from '../lib/sequential-shared-reads';
import type { Catalog } from './catalog';
import type { Vehicle } from './vehicle';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The catalogue with its whole vehicle list kept for as long as the catalogue version stays the
 * same: each listVehicles() reads only the version (one small aggregate, shared among requests
 * that overlap) instead of every vehicle. The list is read after the version, so it is never older
 * than the version it is kept under; it is frozen, since every caller shares it. When the version
 * cannot be read, the list is read as usual (and fails as usual).
 */
export function versionedCatalog(catalog: Catalog, version: () => Promise<CatalogVersion>): Catalog {
  const readVersion = sequentialSharedReads(version);
  let kept: { version: string; vehicles: Promise<Vehicle[]> } | undefined;
  return {
    async listVehicles() {
      let current: string;
      try {
        const { count, lastModified } = await readVersion();
        current = `${count}|${lastModified ?? ''}`;
      } catch {
        return catalog.listVehicles();
      }
      if (kept?.version !== current) {
        const vehicles = catalog.listVehicles().then(deepFreeze);
        const entry = { version: current, vehicles };
        kept = entry;
        // A failed read is not kept: the next request tries again.
        vehicles.catch(() => {
          if (kept === entry) kept = undefined;
        });
      }
      return kept.vehicles;
    },
    listVehiclesByBrand: (brand) => catalog.listVehiclesByBrand(brand),
    findVehicle: (id) => catalog.findVehicle(id),
  };
}
