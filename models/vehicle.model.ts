import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type Model } from 'mongoose';
import { BRANDS, type Brand, type Vehicle as VehicleDto } from '../src/catalog/vehicle';
import { CatalogMeta } from './catalog-meta.model';

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
  brand: Brand;
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
  createdAt: Date;
  updatedAt: Date;
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
    year: record.year as number,
    price: record.price ?? null,
    images: [...(record.images ?? [])],
    specifications: { ...record.specifications },
    features: [...(record.features ?? [])],
    inStock: record.in_stock ?? true,
    isNew: record.is_new ?? true,
  };
}

const vehicleSchema = new Schema<VehicleRecord>(
  {
    id: { type: String, required: true, unique: true, immutable: true, default: () => randomUUID() },
    slug: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, required: true },
    brand: { type: String, required: true, enum: BRANDS },
    category: { type: String, required: true },
    year: { type: Number, min: 2000, validate: { validator: Number.isInteger, message: 'year must be a whole year' } },
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

// Every write to the catalog through Mongoose records a new catalog version (catalog_meta), so
// the caches in this process and in every other one serving the site see the change.
const recordCatalogWrite = () => CatalogMeta.bump();
vehicleSchema.post('save', recordCatalogWrite);
vehicleSchema.post(
  ['updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndReplace', 'findOneAndDelete'],
  { document: false, query: true },
  recordCatalogWrite,
);
vehicleSchema.post('insertMany', recordCatalogWrite);
vehicleSchema.post('bulkWrite', recordCatalogWrite);

export type VehicleModel = Model<VehicleRecord>;

/** The vehicles collection. Reused when already registered, as Vite's SSR reloads modules in development. */
export const Vehicle: VehicleModel = (mongoose.models.Vehicle as VehicleModel | undefined) ?? mongoose.model<VehicleRecord>('Vehicle', vehicleSchema);
