import mongoose from 'mongoose';
import { z } from 'zod';
import { CatalogMeta } from '../models/catalog-meta.model';
import type { CatalogVersion } from '../src/catalog/catalog-version';
import { Vehicle as VehicleModel, vehicleFromRecord, type VehicleRecord } from '../models/vehicle.model';
import type { Catalog } from '../src/catalog/catalog';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema';
import type { InventoryListing, InventoryQuery } from '../src/catalog/inventory-listing';
import { BRANDS, type Brand, type Vehicle } from '../src/catalog/vehicle';
import { isDatabaseUnavailable } from '../src/db/database-unavailable.server';
import { StoreUnavailableError } from '../src/db/store-unavailable-error';
import type { Showroom } from '../src/config/business-profile';
import { recentRead } from '../src/cache/recent-read';
import { INVENTORY_PAGE_SIZE, offeredFilters } from '../src/catalog/inventory-filters';
import { sortVehicles } from './inventory/catalog-order';
import { inventoryChoices, INVENTORY_CHOICES_PIPELINE, type InventoryChoicesResult } from './inventory/inventory-choices';
import { inventoryMatch } from './inventory/inventory-match';
import { INVENTORY_PROJECTION, inventoryVehicle, type InventoryRecord } from './inventory/inventory-vehicle';

export interface CatalogService extends Catalog {
  /** The catalog's version: one small document, bumped by every catalog write, read at most once a second. */
  catalogVersion(): Promise<CatalogVersion>;
}

/** How long a read of the catalog version serves: another process's catalog import shows within this. */
const VERSION_MAX_AGE_MS = 1000;

/** The listed vehicles (LISTED) for find(): built here, not from input, so trusted past sanitizeFilter. */
const listed = () => ({ 'unit.status': mongoose.trusted({ $ne: 'sold' }) as { $ne: 'sold' } });

const UNAVAILABLE_MESSAGE = 'The vehicle catalog is unavailable right now. Please try again shortly.';

const idSchema = z.uuid();
const slugSchema = catalogEntrySchema.shape.slug;
const brandSchema = z.enum(BRANDS);

/**
 * The catalog's one order (services/inventory/catalog-order.ts) as the database sorts: the house brands in
 * BRANDS order, then the others A-Z, priced before unpriced, price, then name as people read it (numbers by value, case
 * ignored), the slug settling ties.
 */
const ORDER_FIELDS = {
  // The house brands in BRANDS order, then every other brand (used units), A-Z by key.
  brandRank: { $cond: [{ $in: ['$brand', [...BRANDS]] }, { $indexOfArray: [[...BRANDS], '$brand'] }, BRANDS.length] },
  unpriced: { $eq: [{ $ifNull: ['$price', null] }, null] },
};
const ORDER = { brandRank: 1, brand: 1, unpriced: 1, price: 1, name: 1, slug: 1 } as const;
const NAME_COLLATION = { locale: 'en', numericOrdering: true, strength: 1 };

/**
 * Runs one read, answering a database outage as StoreUnavailableError. When Mongoose already knows the
 * connection is down it fails at once instead of queueing the read until a buffering timeout.
 */
async function read<T>(query: () => Promise<T>): Promise<T> {
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected) {
    throw new StoreUnavailableError(UNAVAILABLE_MESSAGE);
  }
  try {
    return await query();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw new StoreUnavailableError(UNAVAILABLE_MESSAGE, { cause: error });
    throw error;
  }
}

async function findOne(filter: { id: string } | { slug: string }): Promise<Vehicle | null> {
  const record = await read(() => VehicleModel.findOne(filter).lean<VehicleRecord>().exec());
  return record ? vehicleFromRecord(record) : null;
}

/**
 * The catalog as the API controllers and the server's route loaders read it: plain vehicles
 * (string ids, no Mongoose documents) in the catalog's one order. Malformed ids, slugs and
 * brands find nothing rather than reaching the database. Pages read through the database's
 * own paging and counting, so what a page costs does not grow with the catalog.
 */
export interface CatalogServiceOptions {
  versionMaxAgeMs?: number;
  /** Decides when the catalog version is read again; tests move their own instead of waiting. */
  clock?: () => Date;
  /** The business file's showrooms, which name the inventory's location choices. */
  showrooms?: readonly Pick<Showroom, 'id' | 'name'>[];
}

export function createCatalogService({ versionMaxAgeMs = VERSION_MAX_AGE_MS, clock, showrooms = [] }: CatalogServiceOptions = {}): CatalogService {
  const showroomNames = new Map(showrooms.map((showroom) => [showroom.id, showroom.name]));
  const version = recentRead(() => read(() => CatalogMeta.current()), { maxAgeMs: versionMaxAgeMs, ...(clock ? { now: () => clock().getTime() } : {}) });
  let bumpsSeen = CatalogMeta.bumpsInThisProcess();
  return {
    async listVehicles() {
      const records = await read(() => VehicleModel.find(listed()).lean<VehicleRecord[]>().exec());
      return sortVehicles(records.map(vehicleFromRecord));
    },

    async listVehiclesByBrand(brand: Brand) {
      const parsed = brandSchema.safeParse(brand);
      if (!parsed.success) return [];
      const records = await read(() =>
        VehicleModel.find({ brand: parsed.data, ...listed() })
          .lean<VehicleRecord[]>()
          .exec(),
      );
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

    async findVehiclesBySlug(slugs) {
      const valid = slugs.filter((slug) => slugSchema.safeParse(slug).success);
      if (valid.length === 0) return [];
      // Trusted: a list of checked slugs, which sanitizeFilter would otherwise wrap in $eq.
      const records = await read(() =>
        VehicleModel.find({ slug: mongoose.trusted({ $in: valid }) })
          .lean<VehicleRecord[]>()
          .exec(),
      );
      return sortVehicles(records.map(vehicleFromRecord));
    },

    async findInventoryPage(query: InventoryQuery): Promise<InventoryListing> {
      const [held] = await read(() => VehicleModel.aggregate<InventoryChoicesResult>(INVENTORY_CHOICES_PIPELINE).exec());
      const { total, choices, offered } = inventoryChoices(held, showroomNames);
      // A brand, category or showroom the inventory does not hold reads as 'all', as the filter form shows it.
      const filters = offeredFilters(query.filters, offered);
      const [result] = await read(() =>
        VehicleModel.aggregate<{ matching: Array<{ count: number }>; vehicles: InventoryRecord[] }>([
          { $match: inventoryMatch(filters) },
          {
            $facet: {
              matching: [{ $count: 'count' }],
              vehicles: [
                { $addFields: ORDER_FIELDS },
                { $sort: ORDER },
                { $skip: (query.page - 1) * INVENTORY_PAGE_SIZE },
                { $limit: INVENTORY_PAGE_SIZE },
                { $project: INVENTORY_PROJECTION },
              ],
            },
          },
        ])
          .collation(NAME_COLLATION)
          .exec(),
      );
      const matching = result?.matching[0]?.count ?? 0;
      return {
        filters,
        vehicles: (result?.vehicles ?? []).map(inventoryVehicle),
        page: query.page,
        pageCount: Math.max(1, Math.ceil(matching / INVENTORY_PAGE_SIZE)),
        matching,
        total,
        choices,
      };
    },

    countVehicles() {
      return read(() => VehicleModel.countDocuments(listed()).exec());
    },

    catalogVersion() {
      // A write made by this process is seen at once; one made by another within a second.
      const bumps = CatalogMeta.bumpsInThisProcess();
      if (bumps !== bumpsSeen) {
        bumpsSeen = bumps;
        version.forget();
      }
      return version();
    },
  };
}
