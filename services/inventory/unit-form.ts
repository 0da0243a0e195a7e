import type { VehicleRecord } from '../../models/vehicle.model';
import { UNIT_FORM_COLUMNS, type UnitFormColumn, type UnitFormErrors, type UnitFormValues } from '../../src/inventory/inventory-manager';
import { feedColumns } from '../feed/feed-columns';
import { feedUnitSchema, type FeedUnit } from '../feed/feed-unit-schema';

/** A unit as stored: a vehicle with its unit facts. */
export type StoredUnitRecord = VehicleRecord & { unit: NonNullable<VehicleRecord['unit']> };

const columnByField = new Map(Object.entries(feedColumns).map(([column, { field }]) => [field as string, column]));

/** "4 passengers" (how a feed's seats are stored) back to the feed's 4. */
function seatsOf(specifications: Record<string, string> | undefined): string {
  const match = /^(\d+) passengers?$/.exec(specifications?.seatingCapacity ?? '');
  return match ? match[1]! : '';
}

/** A stored unit as the form shows it, field by feed column: what a person edits and what a change is compared with. */
export function unitFormValues(record: Omit<StoredUnitRecord, 'id' | 'createdAt' | 'updatedAt'>): UnitFormValues {
  const { unit } = record;
  return {
    stock_number: unit.stockNumber,
    year: record.year === undefined || record.year === null ? '' : String(record.year),
    brand: unit.brandName,
    model: unit.model,
    name: record.name,
    condition: unit.condition,
    category: record.category,
    price: record.price === null || record.price === undefined ? '' : String(record.price),
    seats: seatsOf(record.specifications),
    color: unit.color ?? '',
    hours: unit.hours === undefined ? '' : String(unit.hours),
    location: unit.location ?? '',
    status: unit.status,
    description: record.description,
    features: (record.features ?? []).join(' | '),
  };
}

/** An empty form for a new unit: available, used, no price ("Contact for Pricing" until one is typed). */
export function blankUnitForm(): UnitFormValues {
  const values = Object.fromEntries(UNIT_FORM_COLUMNS.map((column) => [column, ''])) as UnitFormValues;
  return { ...values, condition: 'used', status: 'available' };
}

export interface UnitFormCheck {
  /** Showroom ids a location may name (the business file). */
  locations: readonly string[];
  today: Date;
  /** A feed unit's serial number and odometer, which the form does not show, kept as they are. */
  keep?: Pick<FeedUnit, 'serialNumber' | 'odometer'>;
}

/**
 * Checks the form as the feed's rows are checked: each cell read as the feed reads its column
 * ("$9,495", "a | b"), then the feed unit schema (services/feed/feed-unit-schema.ts), one
 * definition for both. Every wrong field gets its message, by column.
 */
export function checkUnitForm(values: UnitFormValues, check: UnitFormCheck): { unit: FeedUnit } | { errors: UnitFormErrors } {
  const candidate: Record<string, unknown> = {};
  for (const column of UNIT_FORM_COLUMNS) {
    const read = feedColumns[column].read(values[column]);
    if (read !== undefined) candidate[feedColumns[column].field] = read;
  }
  if (check.keep?.serialNumber !== undefined) candidate.serialNumber = check.keep.serialNumber;
  if (check.keep?.odometer !== undefined) candidate.odometer = check.keep.odometer;
  const result = feedUnitSchema(check.locations, check.today).safeParse(candidate);
  if (result.success) return { unit: result.data };
  const errors: UnitFormErrors = {};
  for (const issue of result.error.issues) {
    const [field, item] = issue.path;
    const column = columnByField.get(String(field)) as UnitFormColumn | undefined;
    if (!column || !(UNIT_FORM_COLUMNS as readonly string[]).includes(column) || errors[column]) continue;
    errors[column] = typeof item === 'number' ? `Item ${item + 1} ${issue.message}` : capitalized(issue.message);
  }
  return { errors };
}

const capitalized = (message: string) => `${message[0]!.toUpperCase()}${message.slice(1)}`;
