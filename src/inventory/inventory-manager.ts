// The inventory manager (issue 24): what its staff pages ask of the server and what they get back.
// Shared, plain code (the staff pages import it; no zod, no Mongoose): the service is
// services/inventory/inventory-manager.service.ts, reached from a page through `inventoryManagerContext`.
import { createContext } from 'react-router';
import type { UnitStatus } from '../catalog/unit-fields';
import type { StaffRequest } from '../staff/staff-request';

/**
 * The unit form's fields, named as the dealer feed's columns (services/feed/feed-columns.ts) and
 * checked by the feed's own schema. A feed's serial number, odometer and photos are kept as they are.
 */
export const UNIT_FORM_COLUMNS = [
  'stock_number',
  'year',
  'brand',
  'model',
  'name',
  'condition',
  'category',
  'price',
  'seats',
  'color',
  'hours',
  'location',
  'status',
  'description',
  'features',
] as const;
export type UnitFormColumn = (typeof UNIT_FORM_COLUMNS)[number];

/** The form's values as typed (or as stored, shown in the form): text by column. */
export type UnitFormValues = Record<UnitFormColumn, string>;
/** One message per field that is wrong, shown beside it. */
export type UnitFormErrors = Partial<Record<UnitFormColumn, string>>;

export function isUnitFormColumn(value: unknown): value is UnitFormColumn {
  return typeof value === 'string' && (UNIT_FORM_COLUMNS as readonly string[]).includes(value);
}

export const UNIT_FORM_LABELS: Record<UnitFormColumn, string> = {
  stock_number: 'Stock number',
  year: 'Year',
  brand: 'Brand',
  model: 'Model',
  name: 'Name',
  condition: 'Condition',
  category: 'Category',
  price: 'Price',
  seats: 'Seats',
  color: 'Color',
  hours: 'Hours',
  location: 'Showroom',
  status: 'Status',
  description: 'Description',
  features: 'Features',
};

/**
 * The unit's photos as a lock (issue 24): a photo uploaded, reordered, made the main one or deleted
 * by hand on a feed unit keeps the feed's imports from setting its photos, like a form field.
 */
export const PHOTOS_LOCK = 'photos';

/** What can be locked against the feed on a feed unit: a form field, or the photos. */
export type LockedField = UnitFormColumn | typeof PHOTOS_LOCK;

export function isLockedField(value: unknown): value is LockedField {
  return value === PHOTOS_LOCK || isUnitFormColumn(value);
}

export const LOCKED_FIELD_LABELS: Record<LockedField, string> = { ...UNIT_FORM_LABELS, [PHOTOS_LOCK]: 'Photos' };

/** How many rows a page of the staff inventory lists. */
export const INVENTORY_PAGE_SIZE = 25;

/**
 * The list's filters, as its query string carries them (each optional, ANDed): `q` (a stock number
 * or words of the name), `status` (a unit status, or `model` for the model entries), `origin`
 * (`staff`: added by hand, `feed`: the feed's units), `page` (from 1).
 */
export interface InventoryFilter {
  q?: string;
  status?: UnitStatus | 'model';
  origin?: 'staff' | 'feed';
  page?: number;
}

/** One row of the staff inventory: a unit, or a model entry of the catalog file. */
export interface InventoryRow {
  kind: 'unit' | 'model';
  /** Units only. */
  stockNumber?: string;
  name: string;
  /** A unit's status; a model entry is listed (or not in stock). */
  status: UnitStatus | 'listed' | 'unlisted';
  /** When a sold unit was first seen sold (ISO 8601). */
  soldAt?: string;
  price: number | null;
  photos: number;
  /** Whole days since the vehicle was first stored. */
  daysInStock: number;
  /** Detail-page views counted from the site's page-view beacon. */
  views: number;
  /** Inquiries naming the unit (model entries: none are counted by unit). */
  inquiries: number;
  addedByHand: boolean;
  /** Fields the feed may not change (feed units). */
  lockedCount: number;
  /** The public page: /inventory/<slug> or /vehicles/<slug>. */
  publicHref: string;
}

export interface InventoryListPage {
  rows: InventoryRow[];
  matching: number;
  page: number;
  hasNext: boolean;
  /** The reader may add and change units ('manage-inventory'). */
  canChange: boolean;
}

/** One entry of a unit's history, newest first. */
export interface UnitHistoryEntry {
  at: string;
  /** A staff member's name, or null for the dealer's feed. */
  by: string | null;
  kind: 'created' | 'changed' | 'lock-released';
  field?: LockedField;
  before?: string;
  after?: string;
}

/** A unit as its staff page shows it. */
export interface UnitSheet {
  stockNumber: string;
  name: string;
  slug: string;
  status: UnitStatus;
  soldAt?: string;
  addedByHand: boolean;
  values: UnitFormValues;
  /** Fields changed by hand on a feed unit: the feed import keeps them. */
  locked: LockedField[];
  photos: number;
  firstSeenAt: string;
  daysInStock: number;
  views: number;
  inquiries: number;
  history: UnitHistoryEntry[];
  /** The price changes, newest first (from the history). */
  priceHistory: UnitHistoryEntry[];
  canChange: boolean;
  /** The showrooms a unit's location may name, for the form. */
  showrooms: Array<{ id: string; name: string }>;
}

/** What a change answers: the unit's stock number, or why nothing was saved. */
export type UnitChange =
  { ok: true; stockNumber: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string; errors?: UnitFormErrors; values?: UnitFormValues };

export interface InventoryManager {
  list(filter: InventoryFilter, request: StaffRequest): Promise<InventoryListPage>;
  /** A unit's page, or null when no unit has this stock number (exactly as stored). */
  unit(stockNumber: string, request: StaffRequest): Promise<UnitSheet | null>;
  /** A blank form's choices (showrooms) for /staff/inventory/new. */
  blank(request: StaffRequest): Promise<{ values: UnitFormValues; showrooms: Array<{ id: string; name: string }> }>;
  create(values: UnitFormValues, request: StaffRequest): Promise<UnitChange>;
  /** The whole form; each field that differs from what is stored is changed (and, on a feed unit, locked). */
  update(stockNumber: string, values: UnitFormValues, request: StaffRequest): Promise<UnitChange>;
  /** The quick actions: mark available, pending or sold. A status set by hand on a feed unit is locked too. */
  setStatus(stockNumber: string, status: UnitStatus, request: StaffRequest): Promise<UnitChange>;
  /** "Let the feed update this again": the next import sets the field from the feed. */
  releaseLock(stockNumber: string, column: LockedField, request: StaffRequest): Promise<UnitChange>;
}

export const inventoryManagerContext = createContext<InventoryManager>();
