import { recordFields, type VehicleRecord } from '../../models/vehicle.model';
import type { UnitEntry } from '../../src/catalog/unit-entry';
import type { UnitPhoto } from '../../src/catalog/unit-fields';

/** A unit as the import writes it: every stored field but the id and the timestamps. */
export type UnitRecordFields = Omit<VehicleRecord, 'id' | 'createdAt' | 'updatedAt' | 'unit'> & { unit: NonNullable<VehicleRecord['unit']> };

/** A feed unit with its processed photos, as the vehicles collection stores it (not yet sold). */
export function unitRecordFields(entry: UnitEntry, photos: UnitPhoto[]): UnitRecordFields {
  return {
    ...recordFields(entry),
    unit: {
      brandName: entry.brandName,
      model: entry.model,
      stockNumber: entry.stockNumber,
      ...(entry.serialNumber !== undefined ? { serialNumber: entry.serialNumber } : {}),
      condition: entry.condition,
      ...(entry.color !== undefined ? { color: entry.color } : {}),
      ...(entry.hours !== undefined ? { hours: entry.hours } : {}),
      ...(entry.odometer !== undefined ? { odometer: entry.odometer } : {}),
      ...(entry.location !== undefined ? { location: entry.location } : {}),
      status: entry.status,
      photos,
      photoSources: entry.photoSources,
    },
  };
}

/** JSON with every object's keys sorted and no undefined values: equal content, equal text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Date) return item.toISOString();
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
  });
}

/**
 * A unit's stored content in one fixed form, whether it comes from the feed or from the database:
 * an import rewrites a unit only when this changes. The sale date counts, as ISO text.
 */
export function unitFingerprint(fields: UnitRecordFields, soldAt?: string | Date): string {
  const { slug, name, description, brand, category, year, price, images, specifications, features, in_stock, is_new, unit } = fields;
  const { soldAt: _stored, ...facts } = unit;
  return canonicalJson({
    slug,
    name,
    description,
    brand,
    category,
    year: year ?? null,
    price: price ?? null,
    images,
    specifications,
    features,
    in_stock,
    is_new,
    unit: { ...facts, soldAt: soldAt ? new Date(soldAt).toISOString() : null },
  });
}
