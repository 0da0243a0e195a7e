import mongoose from 'mongoose';
import { z } from 'zod';
import { CatalogMeta } from '../models/catalog-meta.model';
import type { CatalogVersion } from '../src/catalog/catalog-version';
import { Vehicle as VehicleModel, vehicleFromRecord, type VehicleRecord } from '../models/vehicle.model';
import type { Catalog } from '../src/catalog/catalog';
import { catalogEntrySchema } from '../src/catalog/catalog-entry-schema';
import type { InventoryListing, InventoryQuery, InventoryVehicle } from '../src/catalog/inventory-listing';
import { BRANDS, type Brand, type Vehicle } from '../src/catalog/vehicle';
import { isDatabaseUnavailable } from '../src/db/database-unavailable';
import { StoreUnavailableError } from '../src/db/store-unavailable-error';
import { recentRead } from '../src/cache/recent-read';
import { categoryOptions, INVENTORY_PAGE_SIZE, type InventoryFilters } from '../src/catalog/inventory-filters';
import { sortVehicles } from './catalog-order';

export interface CatalogService extends Catalog {
  /** One vehicle by its slug, or null when there is none. */
  findVehicleBySlug(slug: string): Promise<Vehicle | null>;
  /** The catalog's version: one small document, bumped by every catalog write, read at most once a second. */
  catalogVersion(): Promise<CatalogVersion>;
}

/** How long a read of the catalog version serves: another process's catalog import shows within this. */
const VERSION_MAX_AGE_MS = 1000;

const UNAVAILABLE_MESSAGE = 'The vehicle catalog is unavailable right now. Please try again shortly.';

const idSchema = z.uuid();
const slugSchema = catalogEntrySchema.shape.slug;
const brandSchema = z.enum(BRANDS);

/**
 * The catalog's one order (services/catalog-order.ts) as the database sorts: brand in BRANDS
 * order, priced before unpriced, price, then name as people read it (numbers by value, case
 * ignored), the slug settling ties.
 */
const ORDER_FIELDS = {
  brandRank: { $indexOfArray: [[...BRANDS], '$brand'] },
  unpriced: { $eq: [{ $ifNull: ['$price', null] }, null] },
};
const ORDER = { brandRank: 1, unpriced: 1, price: 1, name: 1, slug: 1 } as const;
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const containing = (text: string) => ({ $regex: escapeRegExp(text), $options: 'i' });

const PRICE_RANGES: Record<Exclude<InventoryFilters['price'], 'all'>, object> = {
  'under-15000': { $lt: 15000 },
  '15000-25000': { $gte: 15000, $lte: 25000 },
  'over-25000': { $gt: 25000 },
};

/**
 * The filters as a database match, with the meaning filterVehicles gives them: every word of the
 * search in the name or the description, case ignored; the brand exactly; the category as part of
 * the vehicle's; the price within the range (an unpriced vehicle is in none). Built from parsed
 * filters only; the words are matched literally.
 */
function inventoryMatch(filters: InventoryFilters): object {
  const clauses: object[] = [];
  for (const word of filters.search.trim().split(/\s+/).filter(Boolean)) {
    clauses.push({ $or: [{ name: containing(word) }, { description: containing(word) }] });
  }
  if (filters.brand !== 'all') clauses.push({ brand: filters.brand });
  if (filters.category !== 'all') clauses.push({ category: containing(filters.category) });
  if (filters.price !== 'all') clauses.push({ price: PRICE_RANGES[filters.price] });
  return clauses.length > 0 ? { $and: clauses } : {};
}

type InventoryRecord = Pick<VehicleRecord, 'id' | 'slug' | 'name' | 'description' | 'brand' | 'category' | 'price' | 'images' | 'is_new'>;

function inventoryVehicle(record: InventoryRecord): InventoryVehicle {
  const { id, slug, name, description, brand, category, price, images, is_new } = record;
  return { id, slug, name, description, brand, category, price: price ?? null, images: images ?? [], isNew: is_new ?? true };
}

/**
 * The catalog as the API controllers and the server's route loaders read it: plain vehicles
 * (string ids, no Mongoose documents) in the catalog's one order. Malformed ids, slugs and
 * brands find nothing rather than reaching the database. Pages read through the database's
 * own paging and counting, so what a page costs does not grow with the catalog.
 */
export function createCatalogService({ versionMaxAgeMs = VERSION_MAX_AGE_MS, clock }: { versionMaxAgeMs?: number; clock?: () => Date } = {}): CatalogService {
  // The clock decides when the catalog version is read again; tests move their own instead of waiting.
  const version = recentRead(() => read(() => CatalogMeta.current()), { maxAgeMs: versionMaxAgeMs, ...(clock ? { now: () => clock().getTime() } : {}) });
  let bumpsSeen = CatalogMeta.bumpsInThisProcess();
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

    async findVehiclesBySlug(slugs) {
      const valid = slugs.filter((slug) => slugSchema.safeParse(slug).success);
      if (valid.length === 0) return [];
      // Trusted: a list of checked slugs, which sanitizeFilter would otherwise wrap in $eq.
      const records = await read(() => VehicleModel.find({ slug: mongoose.trusted({ $in: valid }) }).lean<VehicleRecord[]>().exec());
      return sortVehicles(records.map(vehicleFromRecord));
    },

    async findInventoryPage(query: InventoryQuery): Promise<InventoryListing> {
      const [offered, total] = await read(() => Promise.all([VehicleModel.distinct('category').exec() as Promise<string[]>, VehicleModel.estimatedDocumentCount().exec()]));
      const categories = categoryOptions(offered.map((category) => ({ category })));
      // A category the catalog does not offer reads as 'all', as the filter form shows it.
      const filters = categories.includes(query.filters.category) ? query.filters : { ...query.filters, category: 'all' };
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
                { $project: { _id: 0, id: 1, slug: 1, name: 1, description: 1, brand: 1, category: 1, price: 1, images: { $slice: ['$images', 1] }, is_new: 1 } },
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
        categories,
      };
    },

    countVehicles() {
      return read(() => VehicleModel.estimatedDocumentCount().exec());
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
