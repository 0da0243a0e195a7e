import { isUnitFormColumn, UNIT_FORM_COLUMNS, type UnitFormColumn } from '../../src/inventory/inventory-manager';
import { unitEntry } from '../feed/read-feed-rows';
import { unitRecordFields, type UnitRecordFields } from '../feed/unit-record';
import { checkUnitForm, unitFormValues, type StoredUnitRecord } from './unit-form';

export interface LockedUnit {
  /** What the import stores: the feed's unit with each locked field as the person left it. */
  fields: UnitRecordFields;
  /** Locked fields the feed would have changed (what the import's summary says it left alone). */
  keptFields: UnitFormColumn[];
}

/**
 * A feed unit with the fields a person changed by hand (`unit.lockedFields`) kept as stored. The
 * lock is on the field as the staff form shows it, so both sides are compared and merged as form
 * values and the merged form goes through the feed's schema and mapping again, as a staff edit
 * does; the feed's photos, serial number and odometer are the feed's. The origin and locks stay
 * on the unit. Null when the merged unit no longer passes the schema (a locked showroom the
 * business file dropped): the import then leaves the whole unit as it is.
 */
export function withLockedFields(incoming: UnitRecordFields, stored: StoredUnitRecord, check: { locations: readonly string[]; today: Date }): LockedUnit | null {
  const locks = (stored.unit.lockedFields ?? []).filter(isUnitFormColumn);
  const keep = <T extends UnitRecordFields>(fields: T): T => ({
    ...fields,
    unit: {
      ...fields.unit,
      ...(stored.unit.origin !== undefined ? { origin: stored.unit.origin } : {}),
      ...(stored.unit.lockedFields !== undefined ? { lockedFields: stored.unit.lockedFields } : {}),
    },
  });
  if (locks.length === 0) return { fields: keep(incoming), keptFields: [] };
  const feedValues = unitFormValues(incoming);
  const storedValues = unitFormValues(stored);
  const keptFields = locks.filter((column) => feedValues[column] !== storedValues[column]);
  if (keptFields.length === 0) return { fields: keep(incoming), keptFields };
  const merged = Object.fromEntries(UNIT_FORM_COLUMNS.map((column) => [column, (locks.includes(column) ? storedValues : feedValues)[column]]));
  const checked = checkUnitForm(merged as Record<UnitFormColumn, string>, {
    ...check,
    keep: { serialNumber: incoming.unit.serialNumber, odometer: incoming.unit.odometer },
  });
  if ('errors' in checked) return null;
  const fields = unitRecordFields(unitEntry(checked.unit, incoming.unit.photoSources), incoming.unit.photos);
  return { fields: keep(fields), keptFields };
}
