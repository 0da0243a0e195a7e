import { randomUUID } from 'node:crypto';
import { inquiryRepository } from '../../models/inquiry.repository';
import { unitChangeRepository, type UnitChange as StoredUnitChange } from '../../models/unit-change.repository';
import { vehicleViewRepository } from '../../models/vehicle-view.repository';
import { vehicleFromRecord, type VehicleRecord } from '../../models/vehicle.model';
import { vehicleRepository, type StaffInventoryQuery, type VehicleWrites } from '../../models/vehicle.repository';
import type { UnitStatus } from '../../src/catalog/unit-fields';
import { vehiclePath } from '../../src/catalog/vehicle-path';
import {
  INVENTORY_PAGE_SIZE,
  isLockedField,
  UNIT_FORM_COLUMNS,
  type InventoryFilter,
  type InventoryListPage,
  type InventoryManager,
  type InventoryRow,
  type UnitChange,
  type LockedField,
  type UnitFormColumn,
  type UnitFormValues,
  type UnitHistoryEntry,
  type UnitSheet,
} from '../../src/inventory/inventory-manager';
import type { SiteData } from '../../src/route-context/site-data';
import type { AuditEntry, AuditRecorder } from '../../src/staff/audit-log';
import { can, requirePermission } from '../../src/staff/staff-permissions';
import type { StaffMemberView, StaffRequest } from '../../src/staff/staff-request';
import type { Clock } from '../../src/time/clock';
import { unitEntry } from '../feed/read-feed-rows';
import { unitRecordFields, type UnitRecordFields } from '../feed/unit-record';
import { blankUnitForm, checkUnitForm, unitFormValues, type StoredUnitRecord } from './unit-form';

export interface InventoryManagerOptions {
  clock: Clock;
  audit: AuditRecorder;
  /** The business file's showrooms: a unit's location names one. */
  site: () => SiteData;
}

const DAY_MS = 86_400_000;
/** The longest value an audit event keeps of a field (a description is cut; the unit's history keeps it whole). */
const AUDIT_VALUE_LENGTH = 200;

function actorOf(request: StaffRequest): StaffMemberView {
  const actor = request.session?.purpose === 'staff' ? request.session.staff : null;
  if (!actor) throw new Error('the inventory manager needs a signed-in staff member');
  return actor;
}

const daysBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - new Date(from).getTime()) / DAY_MS));

const isUnit = (record: VehicleRecord): record is StoredUnitRecord => Boolean(record.unit);

/** The feed columns a person changed: where the form's values differ from what is stored, as the form shows both. */
function changedColumns(before: UnitFormValues, after: UnitFormValues): UnitFormColumn[] {
  return UNIT_FORM_COLUMNS.filter((column) => before[column] !== after[column]);
}

function historyEntry(change: StoredUnitChange): UnitHistoryEntry {
  return {
    at: change.at.toISOString(),
    by: change.by.type === 'staff' ? change.by.name : null,
    kind: change.kind,
    ...(isLockedField(change.field) ? { field: change.field } : {}),
    ...(change.before !== undefined ? { before: change.before } : {}),
    ...(change.after !== undefined ? { after: change.after } : {}),
  };
}

const auditValue = (value: string) => (value.length > AUDIT_VALUE_LENGTH ? `${value.slice(0, AUDIT_VALUE_LENGTH - 1)}…` : value);

/**
 * The inventory manager (issue 24), behind `InventoryManager` (src/inventory/inventory-manager.ts).
 * Every staff member reads the list and the units; adding and changing a unit needs
 * 'manage-inventory' (managers and owners), and a refusal records `access.denied` and answers 403.
 * A unit's form is checked by the feed's own schema, and nothing is saved while a field is wrong.
 * Each write goes through the vehicle repository's write (the catalog revision moves, the
 * inventory keys are written again), so the public pages follow within seconds. Each change is
 * recorded twice: in the unit's history (field, before, after) and in the audit log.
 */
export function createInventoryManager(options: InventoryManagerOptions): InventoryManager {
  const { clock, audit } = options;
  const showrooms = () => options.site().business.showrooms.map(({ id, name }) => ({ id, name }));

  /** The actor, allowed to change units; otherwise `access.denied` is recorded and StaffForbiddenError raised. */
  async function changer(request: StaffRequest, stockNumber?: string): Promise<StaffMemberView> {
    const actor = actorOf(request);
    try {
      requirePermission(actor, 'manage-inventory');
    } catch (error) {
      await audit.record({ kind: 'access.denied', details: { permission: 'manage-inventory', ...(stockNumber ? { stockNumber } : {}) } }, request);
      throw error;
    }
    return actor;
  }

  /** Stored fields for a checked form: the feed's mapping (unitEntry), the unit's photos, origin and locks kept. */
  function recordFor(values: UnitFormValues, stored: StoredUnitRecord | null, now: Date): { fields: UnitRecordFields } | { errors: UnitChange & { ok: false } } {
    const checked = checkUnitForm(values, {
      locations: showrooms().map((showroom) => showroom.id),
      today: now,
      ...(stored ? { keep: { serialNumber: stored.unit.serialNumber, odometer: stored.unit.odometer } } : {}),
    });
    if ('errors' in checked) {
      const count = Object.keys(checked.errors).length;
      return {
        errors: {
          ok: false,
          status: 400,
          message: `Nothing was saved: ${count === 1 ? 'one field needs' : `${count} fields need`} another look.`,
          errors: checked.errors,
          values,
        },
      };
    }
    const entry = unitEntry(checked.unit, stored?.unit.photoSources ?? []);
    const fields = unitRecordFields(entry, stored?.unit.photos ?? []);
    const wasSold = stored?.unit.status === 'sold' && stored.unit.soldAt;
    const soldAt = entry.status !== 'sold' ? undefined : wasSold ? new Date(stored.unit.soldAt!) : now;
    return {
      fields: {
        ...fields,
        unit: {
          ...fields.unit,
          ...(soldAt ? { soldAt } : {}),
          origin: stored ? (stored.unit.origin ?? 'feed') : 'staff',
          ...(stored?.unit.lockedFields?.length ? { lockedFields: stored.unit.lockedFields } : {}),
        },
      },
    };
  }

  /** A unit's page address may be no other vehicle's. */
  async function slugTaken(slug: string, stockNumber: string): Promise<string | null> {
    const other = await vehicleRepository.findOne({ slug });
    if (!other || other.unit?.stockNumber === stockNumber) return null;
    return other.name;
  }

  const byOf = (actor: StaffMemberView) => ({ type: 'staff' as const, staffId: actor.id, name: actor.name });

  async function create(values: UnitFormValues, request: StaffRequest): Promise<UnitChange> {
    const actor = await changer(request);
    const now = clock();
    const made = recordFor(values, null, now);
    if ('errors' in made) return made.errors;
    const { fields } = made;
    const stockNumber = fields.unit.stockNumber;
    const refuse = (column: UnitFormColumn, message: string): UnitChange => ({
      ok: false,
      status: 400,
      message: 'Nothing was saved: one field needs another look.',
      errors: { [column]: message },
      values,
    });
    const existing = await vehicleRepository.unit(stockNumber);
    if (existing) return refuse('stock_number', `${stockNumber} is already the stock number of ${existing.name}.`);
    const taken = await slugTaken(fields.slug, stockNumber);
    if (taken) return refuse('model', `With this year, brand and model the page address would be ${fields.slug}, which ${taken} has.`);

    const writes: VehicleWrites = [
      {
        updateOne: {
          filter: { 'unit.stockNumber': stockNumber },
          // $setOnInsert: should another person have added this stock number meanwhile, theirs stays.
          update: { $setOnInsert: { id: randomUUID(), ...fields, createdAt: now, updatedAt: now } },
          upsert: true,
          timestamps: false,
        },
      },
    ];
    const inserted = await vehicleRepository.write(writes);
    if (!inserted.has(0)) return refuse('stock_number', `${stockNumber} was added by someone else a moment ago.`);
    const shown = unitFormValues(fields);
    await unitChangeRepository.record([{ stockNumber, at: now, by: byOf(actor), kind: 'created' }]);
    await audit.record(
      {
        kind: 'unit.created',
        details: {
          stockNumber,
          ...Object.fromEntries(UNIT_FORM_COLUMNS.filter((column) => shown[column] !== '').map((column) => [`${column}.after`, auditValue(shown[column])])),
        },
      },
      request,
    );
    return { ok: true, stockNumber };
  }

  /** Writes a changed form of a stored unit: the changed fields, locked on a feed unit, and each change recorded. */
  async function change(stored: StoredUnitRecord, values: UnitFormValues, actor: StaffMemberView, request: StaffRequest): Promise<UnitChange> {
    const stockNumber = stored.unit.stockNumber;
    if (values.stock_number.trim().toUpperCase() !== stockNumber) {
      return {
        ok: false,
        status: 400,
        message: 'Nothing was saved: one field needs another look.',
        errors: { stock_number: `A unit keeps its stock number (${stockNumber}); add a new unit for another one.` },
        values,
      };
    }
    const now = clock();
    const made = recordFor(values, stored, now);
    if ('errors' in made) return made.errors;
    const before = unitFormValues(stored);
    const after = unitFormValues(made.fields);
    const changed = changedColumns(before, after);
    if (changed.length === 0) return { ok: true, stockNumber };
    const taken = await slugTaken(made.fields.slug, stockNumber);
    if (taken) {
      return {
        ok: false,
        status: 400,
        message: 'Nothing was saved: one field needs another look.',
        errors: { model: `With this year, brand and model the page address would be ${made.fields.slug}, which ${taken} has.` },
        values,
      };
    }
    const fromFeed = stored.unit.origin !== 'staff';
    const locked = fromFeed ? [...new Set([...(stored.unit.lockedFields ?? []), ...changed])] : [];
    const { year, ...fields } = made.fields;
    const unit = { ...fields.unit, ...(locked.length > 0 ? { lockedFields: locked } : {}) };
    if (locked.length === 0) delete unit.lockedFields;
    const update = {
      $set: { ...fields, ...(year !== undefined ? { year } : {}), unit, updatedAt: now },
      // A year taken off the form is taken off the unit.
      ...(year === undefined ? { $unset: { year: 1 } } : {}),
    };
    await vehicleRepository.write([{ updateOne: { filter: { 'unit.stockNumber': stockNumber }, update, timestamps: false } }]);
    await unitChangeRepository.record(
      changed.map((column) => ({ stockNumber, at: now, by: byOf(actor), kind: 'changed' as const, field: column, before: before[column], after: after[column] })),
    );
    await audit.record(
      {
        kind: 'unit.changed',
        details: {
          stockNumber,
          fields: changed.join(','),
          ...Object.fromEntries(
            changed.flatMap((column) => [
              [`${column}.before`, auditValue(before[column])],
              [`${column}.after`, auditValue(after[column])],
            ]),
          ),
          ...(fromFeed ? { locked: changed.join(',') } : {}),
        },
      } satisfies AuditEntry,
      request,
    );
    return { ok: true, stockNumber };
  }

  const notFound = (stockNumber: string): UnitChange => ({ ok: false, status: 404, message: `There is no unit with the stock number ${stockNumber}.` });

  return {
    async list(filter: InventoryFilter, request: StaffRequest): Promise<InventoryListPage> {
      const actor = actorOf(request);
      const now = clock();
      const page = Math.max(1, filter.page ?? 1);
      const query: StaffInventoryQuery = {
        ...(filter.q ? { search: filter.q } : {}),
        ...(filter.status === 'model' ? { kind: 'model' as const } : filter.status ? { status: filter.status } : {}),
        ...(filter.origin ? { origin: filter.origin } : {}),
      };
      const found = await vehicleRepository.staffInventory(query, { skip: (page - 1) * INVENTORY_PAGE_SIZE, limit: INVENTORY_PAGE_SIZE + 1 });
      const records = found.vehicles.slice(0, INVENTORY_PAGE_SIZE);
      const paths = records.map((record) => vehiclePath(vehicleFromRecord(record)));
      const stockNumbers = records.filter(isUnit).map((record) => record.unit.stockNumber);
      const [views, inquiries] = await Promise.all([vehicleViewRepository.totals(paths), inquiryRepository.countByStockNumber(stockNumbers)]);
      const rows = records.map((record, index): InventoryRow => {
        const path = paths[index]!;
        if (!isUnit(record)) {
          return {
            kind: 'model',
            name: record.name,
            status: record.in_stock === false ? 'unlisted' : 'listed',
            price: record.price ?? null,
            photos: record.images?.length ?? 0,
            daysInStock: daysBetween(record.createdAt, now),
            views: views.get(path) ?? 0,
            inquiries: 0,
            addedByHand: false,
            lockedCount: 0,
            publicHref: path,
          };
        }
        const soldAt = record.unit.status === 'sold' && record.unit.soldAt ? new Date(record.unit.soldAt) : undefined;
        return {
          kind: 'unit',
          stockNumber: record.unit.stockNumber,
          name: record.name,
          status: record.unit.status,
          ...(soldAt ? { soldAt: soldAt.toISOString() } : {}),
          price: record.price ?? null,
          photos: record.unit.photos?.length ?? 0,
          daysInStock: daysBetween(record.createdAt, soldAt ?? now),
          views: views.get(path) ?? 0,
          inquiries: inquiries.get(record.unit.stockNumber) ?? 0,
          addedByHand: record.unit.origin === 'staff',
          lockedCount: record.unit.lockedFields?.length ?? 0,
          publicHref: path,
        };
      });
      return { rows, matching: found.matching, page, hasNext: found.vehicles.length > INVENTORY_PAGE_SIZE, canChange: can(actor.role, 'manage-inventory') };
    },

    async unit(stockNumber: string, request: StaffRequest): Promise<UnitSheet | null> {
      const actor = actorOf(request);
      const record = await vehicleRepository.unit(stockNumber);
      if (!record) return null;
      const now = clock();
      const path = vehiclePath(vehicleFromRecord(record));
      const [views, inquiries, changes] = await Promise.all([
        vehicleViewRepository.totals([path]),
        inquiryRepository.countByStockNumber([stockNumber]),
        unitChangeRepository.ofUnit(stockNumber),
      ]);
      const history = changes.map(historyEntry);
      const soldAt = record.unit.status === 'sold' && record.unit.soldAt ? new Date(record.unit.soldAt) : undefined;
      return {
        stockNumber,
        name: record.name,
        slug: record.slug,
        status: record.unit.status,
        ...(soldAt ? { soldAt: soldAt.toISOString() } : {}),
        addedByHand: record.unit.origin === 'staff',
        values: unitFormValues(record),
        locked: (record.unit.lockedFields ?? []).filter(isLockedField),
        photos: record.unit.photos?.length ?? 0,
        firstSeenAt: new Date(record.createdAt).toISOString(),
        daysInStock: daysBetween(record.createdAt, soldAt ?? now),
        views: views.get(path) ?? 0,
        inquiries: inquiries.get(stockNumber) ?? 0,
        history,
        priceHistory: history.filter((entry) => entry.field === 'price'),
        canChange: can(actor.role, 'manage-inventory'),
        showrooms: showrooms(),
      };
    },

    async blank(request: StaffRequest) {
      actorOf(request);
      return { values: blankUnitForm(), showrooms: showrooms() };
    },

    create,

    async update(stockNumber: string, values: UnitFormValues, request: StaffRequest): Promise<UnitChange> {
      const actor = await changer(request, stockNumber);
      const stored = await vehicleRepository.unit(stockNumber);
      return stored ? change(stored, values, actor, request) : notFound(stockNumber);
    },

    async setStatus(stockNumber: string, status: UnitStatus, request: StaffRequest): Promise<UnitChange> {
      const actor = await changer(request, stockNumber);
      const stored = await vehicleRepository.unit(stockNumber);
      return stored ? change(stored, { ...unitFormValues(stored), status }, actor, request) : notFound(stockNumber);
    },

    async releaseLock(stockNumber: string, column: LockedField, request: StaffRequest): Promise<UnitChange> {
      const actor = await changer(request, stockNumber);
      const stored = await vehicleRepository.unit(stockNumber);
      if (!stored) return notFound(stockNumber);
      const locks = stored.unit.lockedFields ?? [];
      if (!locks.includes(column)) return { ok: true, stockNumber };
      const now = clock();
      const rest = locks.filter((locked) => locked !== column);
      await vehicleRepository.write([
        {
          updateOne: {
            filter: { 'unit.stockNumber': stockNumber },
            update: rest.length > 0 ? { $set: { 'unit.lockedFields': rest, updatedAt: now } } : { $unset: { 'unit.lockedFields': 1 }, $set: { updatedAt: now } },
            timestamps: false,
          },
        },
      ]);
      await unitChangeRepository.record([{ stockNumber, at: now, by: byOf(actor), kind: 'lock-released', field: column }]);
      await audit.record({ kind: 'unit.lock-released', details: { stockNumber, field: column } }, request);
      return { ok: true, stockNumber };
    },
  };
}
