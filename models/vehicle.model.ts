import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Model } from 'mongoose';
import { UNIT_CONDITIONS, UNIT_STATUSES, type UnitPhoto } from '../src/catalog/unit-fields';
import { BRANDS, type UnitDetails, type Vehicle as VehicleDto } from '../src/catalog/vehicle';
import { CatalogMetaCollection } from './catalog-meta.model';
import { withoutKeys } from './inventory-keys';

/** A unit's own facts as stored: as the API answers them, but the sale date is a date. */
export interface UnitRecord extends Omit<UnitDetails, 'soldAt'> {
  soldAt?: Date;
  /**
   * Where each photo came from (feed URLs or file paths), in order: an import that sees the same
   * address again reuses the processed photo instead of downloading it. Never shown to visitors.
   */
  photoSources: string[];
  /** 'staff' for a unit added by hand at /staff/inventory/new, which no feed import changes or sells; absent or 'feed' for the feed's. */
  origin?: 'feed' | 'staff';
  /** Feed columns ('price') a person changed on a feed unit: the feed import keeps their stored values until the lock is released. */
  lockedFields?: string[];
}

/**
 * A vehicle as the vehicles collection stores it. The stored stock flags are in_stock and
 * is_new (docs/decisions/003-specification-decisions.md#storage); the application reads inStock and isNew. They are mapped by hand (vehicleFromRecord)
 * rather than by Mongoose aliases because isNew is Mongoose's own "not yet saved" flag.
 */
export interface VehicleRecord {
  /** The public uuid, generated once when the slug is first imported and never changed. */
  id: string;
  slug: string;
  name: string;
  description: string;
  /** A house brand (BRANDS) for a model entry; any brand's key for a unit. */
  brand: string;
  category: string;
  /** The model year; absent on vehicles imported before the catalog had one (import again to add it). */
  year?: number;
  /** Whole US dollars, or null for "Contact for Pricing". */
  price: number | null;
  images: string[];
  specifications: VehicleDto['specifications'];
  features: string[];
  in_stock: boolean;
  is_new: boolean;
  /** Present on a unit of the dealer's feed (services/feed-import.service.ts). */
  unit?: UnitRecord;
  /** The vehicle's place in the catalog's order and the filter values it passes (models/inventory-keys.ts); absent until the repository writes them. */
  order?: string;
  facets?: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** The catalog fields of a vehicle entry or feed unit, as the vehicles collection stores them. */
type RecordFields = Pick<
  VehicleRecord,
  'slug' | 'name' | 'description' | 'brand' | 'category' | 'year' | 'price' | 'images' | 'specifications' | 'features' | 'in_stock' | 'is_new'
>;

/** The reverse of vehicleFromRecord for the catalog fields both importers write (inStock → in_stock). */
export function recordFields(entry: Omit<VehicleDto, 'id' | 'unit'>): RecordFields {
  return {
    slug: entry.slug,
    name: entry.name,
    description: entry.description,
    brand: entry.brand,
    category: entry.category,
    ...(entry.year !== undefined ? { year: entry.year } : {}),
    price: entry.price,
    images: entry.images,
    specifications: entry.specifications,
    features: entry.features,
    in_stock: entry.inStock,
    is_new: entry.isNew,
  };
}

function unitFromRecord({ photoSources: _private, origin: _origin, lockedFields: _locks, soldAt, photos, ...unit }: UnitRecord): UnitDetails {
  return { ...unit, ...(soldAt ? { soldAt: new Date(soldAt).toISOString() } : {}), photos: (photos ?? []).map((photo: UnitPhoto) => ({ ...photo })) };
}

/** The plain vehicle the API answers and the loaders read: string id, no _id, __v or timestamps. */
export function vehicleFromRecord(record: VehicleRecord): VehicleDto {
  return {
    id: record.id,
    slug: record.slug,
    name: record.name,
    description: record.description,
    brand: record.brand,
    category: record.category,
    ...(record.year !== undefined && record.year !== null ? { year: record.year } : {}),
    price: record.price ?? null,
    images: [...(record.images ?? [])],
    specifications: { ...record.specifications },
    features: [...(record.features ?? [])],
    inStock: record.in_stock ?? true,
    isNew: record.is_new ?? true,
    ...(record.unit ? { unit: unitFromRecord(record.unit) } : {}),
  };
}

const unitSchema = new Schema<UnitRecord>(
  {
    brandName: { type: String, required: true },
    model: { type: String, required: true },
    stockNumber: { type: String, required: true, match: /^[A-Z0-9][A-Z0-9-]{0,23}$/ },
    serialNumber: { type: String },
    condition: { type: String, required: true, enum: UNIT_CONDITIONS },
    color: { type: String },
    hours: { type: Number, min: 0 },
    odometer: { type: Number, min: 0 },
    location: { type: String },
    status: { type: String, required: true, enum: UNIT_STATUSES },
    soldAt: { type: Date },
    // Checked by the import against unitPhotoSchema; stored as they are.
    photos: { type: Schema.Types.Mixed, default: () => [] },
    photoSources: { type: [String], default: [] },
    origin: { type: String, enum: ['feed', 'staff'] },
    lockedFields: { type: [String], default: undefined },
  },
  { _id: false },
);

const vehicleSchema = new Schema<VehicleRecord>(
  {
    id: { type: String, required: true, unique: true, immutable: true, default: () => randomUUID() },
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    brand: {
      type: String,
      required: true,
      // A model entry is of a house brand; a unit of any brand, by its key ('club-car').
      validate: {
        validator(brand: string) {
          const isUnit = Boolean((this as { unit?: unknown }).unit);
          return isUnit ? /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(brand) : (BRANDS as readonly string[]).includes(brand);
        },
        message: 'brand must be a house brand, or for a unit a brand key such as club-car',
      },
    },
    category: { type: String, required: true },
    // Used units go back further than the model entries (their catalog file asks for 2000 on).
    year: { type: Number, min: 1980, validate: { validator: Number.isInteger, message: 'year must be a whole year' } },
    price: {
      type: Number,
      default: null,
      min: 0,
      validate: { validator: (value: number | null) => value === null || Number.isInteger(value), message: 'price must be whole dollars' },
    },
    images: { type: [String], default: [] },
    specifications: { type: Schema.Types.Mixed, required: true },
    features: { type: [String], default: [] },
    in_stock: { type: Boolean, default: true },
    is_new: { type: Boolean, default: true },
    unit: { type: unitSchema, required: false },
    order: { type: String },
    facets: { type: [String], default: undefined },
  },
  {
    collection: 'vehicles',
    timestamps: true,
    versionKey: false,
    // The uuid path is the id; Mongoose's own id getter (the ObjectId as text) would shadow it.
    id: false,
    // JSON is the API shape. toObject keeps the stored shape: Mongoose itself relies on it.
    toJSON: { transform: (_doc, ret) => vehicleFromRecord(ret as unknown as VehicleRecord) },
  },
);

// A stock number names one unit; model entries have none. The import upserts units by it.
vehicleSchema.index({ 'unit.stockNumber': 1 }, { unique: true, partialFilterExpression: { 'unit.stockNumber': { $exists: true } } });

// The inventory search ($text in models/vehicle-match.ts): MongoDB's text index, FTS5 in the embedded store.
vehicleSchema.index({ name: 'text', description: 'text' }, { name: 'vehicle_search' });
// Any filters of the inventory together, in the catalog's order, counted in the index (models/vehicle-match.ts).
vehicleSchema.index({ facets: 1, order: 1 });
// The listed vehicles are those not sold: counted from this index without reading a vehicle.
vehicleSchema.index({ 'unit.status': 1 });
// Whether another unit still shows a photo (by its content hash) before its files are deleted: one
// entry per photo of each unit, so the check reads that hash's entries instead of every unit.
vehicleSchema.index({ 'unit.photos.hash': 1 });

// An update clears the vehicle's inventory keys, which the repository writes again from what is stored.
vehicleSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], function clearKeys() {
  const update = this.getUpdate();
  if (update && !Array.isArray(update)) this.setUpdate(withoutKeys(update as Record<string, unknown>));
});

// Every write to the catalog through Mongoose records a new catalog version (catalog_meta), so
// the caches in this process and in every other one serving the site see the change. A write that
// fails may have changed the catalog before it failed (an ordered bulkWrite or an insertMany keeps
// the writes before the one refused; on MongoDB an updateMany keeps those it made): the version
// moves for it too, or the caches, which keep an answer until the version moves, would go on
// showing the old catalog. The error still reaches the caller.
const QUERY_WRITES = ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete'] as const;
const recordCatalogWrite = () => CatalogMetaCollection.bump();
const recordFailedCatalogWrite = async () => {
  // The write's own error is the one to report, should the database refuse this too.
  await CatalogMetaCollection.bump().catch(() => undefined);
};
for (const errorHandler of [false, true]) {
  const record = errorHandler ? recordFailedCatalogWrite : recordCatalogWrite;
  vehicleSchema.post('save', { errorHandler }, record);
  vehicleSchema.post([...QUERY_WRITES], { document: false, query: true, errorHandler }, record);
  vehicleSchema.post('insertMany', { errorHandler }, record);
  vehicleSchema.post('bulkWrite', { errorHandler }, record);
}

type VehicleCollectionType = Model<VehicleRecord>;

/** The vehicles collection; only models/vehicle.repository.ts reads or writes it. Reused when already registered, as Vite's SSR reloads modules in development. */
export const VehicleCollection: VehicleCollectionType =
  (mongoose.models.Vehicle as VehicleCollectionType | undefined) ?? mongoose.model<VehicleRecord>('Vehicle', vehicleSchema);
