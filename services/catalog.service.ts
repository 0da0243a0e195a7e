import mongoose from 'mongoose';
import { z } from 'zod';
import { Vehicle as VehicleModel, vehicleFromRecord, type VehicleRecord } from '../models/vehicle.model';
import type { Catalog } from '../src/catalog/catalog';
import { BRANDS, catalogEntrySchema, type Brand, type Vehicle } from '../src/catalog/vehicle';
import { isDatabaseUnavailable } from '../src/db/database-unavailable';
import { AppError } from '../src/http/app-error';
import { sortVehicles } from './catalog-order';

/** What a cache needs to know whether the catalogue changed: sitemaps, rendered pages, ETags. */
export interface CatalogVersion {
  /** How many vehicles the catalogue holds. */
  count: number;
  /** When a vehicle was last created or changed (ISO 8601), or null for an empty catalogue. */
  lastModified: string | null;
}

export interface CatalogService extends Catalog {
  /** One vehicle by its slug, or null when there is none. */
  findVehicleBySlug(slug: string): Promise<Vehicle | null>;
  catalogVersion(): Promise<CatalogVersion>;
}

const UNAVAILABLE_MESSAGE = 'The vehicle catalogue is unavailable right now. Please try again shortly.';

const idSchema = z.uuid();
const slugSchema = catalogEntrySchema.shape.slug;
const brandSchema = z.enum(BRANDS);

/**
 * Runs one read, answering a database outage as AppError 503. When Mongoose already knows the
 * connection is down it fails at once instead of queueing the read until a buffering timeout.
 */
async function read<T>(query: () => Promise<T>): Promise<T> {
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) {
    throw new AppError(503, UNAVAILABLE_MESSAGE);
  }
  try {
    return await query();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw Object.assign(new AppError(503, UNAVAILABLE_MESSAGE), { cause: error });
    throw error;
  }
}

async function findOne(filter: { id: string } | { slug: string }): Promise<Vehicle | null> {
  const record = await read(() => VehicleModel.findOne(filter).lean<VehicleRecord>().exec());
  return record ? vehicleFromRecord(record) : null;
}

/**
 * The catalogue as the API controllers and the server's route loaders read it: plain vehicles
 * (string ids, no Mongoose documents) in the catalogue's one order. Malformed ids, slugs and
 * brands find nothing rather than reaching the database.
 */
export function createCatalogService(): CatalogService {
  return {
    async listVehicles() {
      const records = await read(() => VehicleModel.find().lean<VehicleRecord[]>().exec());
      return sortVehicles(records.map(vehicleFromRecord));
    },

    async listVehiclesByBrand(brand: Brand) {
      const parsed = brandSchema.safeParse(brand);
      if (!parsed.success) return [];
      const records = await read(() => VehicleModel.find({ brand: parsed.data }).lean<VehicleRecord[]>().exec());
      return sortVehicles(records.map(vehicleFromRecord));
    },

    async findVehicle(id: string) {
      const parsed = idSchema.safeParse(id);
      return parsed.success ? findOne({ id: parsed.data.toLowerCase() }) : null;
    },

    async findVehicleBySlug(slug: string) {
      const parsed = slugSchema.safeParse(slug);
      return parsed.success ? findOne({ slug: parsed.data }) : null;
    },

    async catalogVersion() {
      const [summary] = await read(() =>
        VehicleModel.aggregate<{ count: number; lastModified: Date | null }>([
          { $group: { _id: null, count: { $sum: 1 }, lastModified: { $max: '$updatedAt' } } },
        ]).exec(),
      );
      if (!summary) return { count: 0, lastModified: null };
      return { count: summary.count, lastModified: summary.lastModified ? new Date(summary.lastModified).toISOString() : null };
    },
  };
}
